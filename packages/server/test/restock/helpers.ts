import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import type { MerchandisingSetup } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { STORE_SITE, TestClock, Visitor, WEBSITE_ID, updateStoreSettings } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { freshStore } from '../helpers/store.js';
import { startSmtp, type TestSmtp } from '../forms/smtp.js';

export { ADDRESS, Visitor, WEBSITE_ID, itemId, paid, setStock } from '../commerce/helpers.js';

export const RESTOCK = '/api/site-users/account/notifications/restock';
const OWNER_EMAIL = 'owner@store.test';
const OWNER_PASSWORD = 'a long test password';

/** Every limit far away, unless a test sets its own. */
const LOOSE: MerchandisingSetup = {
  restockLimits: {
    signUpPerVisitor: { name: 'restock-signup:visitor', limit: 100_000, windowMs: 60_000 },
    signUpPerSite: { name: 'restock-signup:site', limit: 100_000, windowMs: 60_000 },
  },
  reviewLimits: {
    submitPerVisitor: { name: 'review-submit:visitor', limit: 100_000, windowMs: 60_000 },
    submitPerSite: { name: 'review-submit:site', limit: 100_000, windowMs: 60_000 },
  },
  // The automatic sender runs when a test asks (sender.sweep()) or the owner's stock call kicks it.
  restockSweepMs: 0,
};

/** Restock and reviews on, as a shop would write them in site.json `store.merchandising`. */
const MERCHANDISING = {
  restockNotificationsEnabled: true,
  restockNotificationsMailingListSignUpEnabled: true,
  restockNotificationsSuccessText: '',
  reviewsEnabled: true,
  reviewRequestDelayHours: 72,
  // These tests send by hand, then turn automatic sending on where they test it.
  restockAutoSend: false,
};

export interface ShopSite {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  /** The signed-in owner: a visitor holding the owner's session cookie. */
  owner: Visitor;
  setMerchandising(patch: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The commerce fixture store (store.test) with restock and reviews on, mail to `smtpUrl` (or the
 * log), a hand-moved clock and the site's owner signed in.
 */
export async function shopSite(
  dialect: Dialect,
  opts: { smtpUrl?: string; setup?: MerchandisingSetup; store?: Store; clock?: TestClock } = {},
): Promise<ShopSite> {
  const ownStore = !opts.store;
  const store = opts.store ?? (await freshStore(dialect));
  const clock = opts.clock ?? new TestClock();
  const setMerchandising = (patch: Record<string, unknown>) =>
    updateStoreSettings(store, (settings) => {
      settings.merchandising = { ...(settings.merchandising as object), ...patch };
    });
  if (ownStore) {
    await importSite(store, STORE_SITE);
    await setMerchandising(MERCHANDISING);
    await createTestOwner(store.db, WEBSITE_ID, OWNER_EMAIL, OWNER_PASSWORD);
  }
  const app = await buildApp(testConfig({ siteDir: STORE_SITE, ...(process.env.TEST_LOG ? { logLevel: process.env.TEST_LOG } : {}) }), {
    store,
    clock: clock.fn,
    passwordCost: QUICK_PASSWORD_COST,
    forms: {
      // An easy captcha: the tests solve it as the widget would.
      altcha: { maxNumber: 20_000 },
      mail: { ...(opts.smtpUrl ? { transport: smtpTransport(opts.smtpUrl) } : {}), sender: { pollMs: 3_600_000 } },
    },
    commerce: {
      cartWriteLimits: {
        perVisitor: { name: 'cart-write:visitor', limit: 100_000, windowMs: 60_000 },
        perAddress: { name: 'cart-write:address', limit: 100_000, windowMs: 60_000 },
      },
    },
    merchandising: { ...LOOSE, ...opts.setup },
  });
  await app.ready();
  const owner = new Visitor(app);
  const signIn = await owner.request('POST', '/api/owner/session', { email: OWNER_EMAIL, password: OWNER_PASSWORD });
  if (signIn.status !== 200) throw new Error(`owner sign-in answered ${signIn.status}: ${signIn.body}`);
  return {
    app,
    store,
    clock,
    owner,
    setMerchandising,
    async close() {
      await app.close();
      if (ownStore) await store.close();
    },
  };
}

export async function variantIdOf(store: Store, sku: string): Promise<string> {
  const row = await store.db.selectFrom('product_variants').select('id').where('sku', '=', sku).where('website_id', '=', WEBSITE_ID).executeTakeFirstOrThrow();
  return row.id;
}

export async function signups(store: Store) {
  return store.db.selectFrom('restock_signups').selectAll().orderBy('created_on').orderBy('email').execute();
}

export async function outboxOf(store: Store, kind?: string) {
  return store.db
    .selectFrom('outbox')
    .selectAll()
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
    .orderBy('created_on')
    .orderBy('recipient')
    .execute();
}

/**
 * Delivers everything due from each app until the outbox holds nothing pending: a delivery that
 * failed (the SMTP server busy with several senders) is retried after its back-off, which the
 * test's clock is moved past.
 */
export async function drainOutbox(store: Store, clock: TestClock, apps: FastifyInstance[]): Promise<void> {
  for (let round = 0; round < 20; round++) {
    await Promise.all(apps.map((app) => app.mail.deliverDue()));
    await Promise.all(apps.map((app) => app.mail.idle()));
    const pending = await store.db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute();
    if (pending.length === 0) return;
    clock.advance(3_600_000);
  }
  throw new Error('the outbox still holds pending mail');
}

/**
 * A shop site that mails through a real SMTP server, for a describe block: both started before its
 * tests and closed after them.
 */
export function mailingShop(dialect: Dialect, setup?: MerchandisingSetup) {
  let smtp: TestSmtp | undefined;
  let site: ShopSite | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
    site = await shopSite(dialect, { smtpUrl: smtp.url, setup });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });
  /** Delivers every mail that is due. */
  const deliver = async () => {
    await site!.app.mail.deliverDue();
    await site!.app.mail.idle();
  };
  return {
    get site(): ShopSite {
      return site!;
    },
    get smtp(): TestSmtp {
      return smtp!;
    },
    deliver,
    /** Delivers every mail that is due and answers those the SMTP server received for an address. */
    async mailsTo(address: string) {
      await deliver();
      return smtp!.messages.filter((m) => m.to.includes(address));
    },
  };
}
