import { WebsiteRole } from '@tessera/core/enums';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { ADDRESS, STORE_SITE, TestClock, Visitor, WEBSITE_ID, itemId, paid } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { freshStore } from '../helpers/store.js';

export { ADDRESS, Visitor, WEBSITE_ID, itemId, paid };

const PASSWORD = 'a staff password 1';

/** Staff of each kind the orders API tells apart: who may change orders, who may only read them, who may do neither. */
const ROLES = {
  admin: WebsiteRole.ADMIN,
  shop: WebsiteRole.STORE_MANAGER,
  reporting: WebsiteRole.REPORTING,
  billing: WebsiteRole.BILLING,
  editor: WebsiteRole.EDITOR,
  viewer: WebsiteRole.VIEWER,
} as const;
export type Role = keyof typeof ROLES;

export const emailOf = (role: Role) => `${role}@store.test`;

export interface OrdersShop {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  /** A signed-in staff member of each role (a Visitor holding the owner's session cookie and a crumb). */
  staff: Record<Role, Visitor>;
  close(): Promise<void>;
}

/** The commerce fixture store with a staff account of each role signed in; mail to `smtpUrl` when given. */
export async function ordersShop(dialect: Dialect, opts: { smtpUrl?: string; commerce?: AppOptions['commerce'] } = {}): Promise<OrdersShop> {
  const store = await freshStore(dialect);
  await importSite(store, STORE_SITE);
  for (const [role, code] of Object.entries(ROLES)) await createTestOwner(store.db, WEBSITE_ID, emailOf(role as Role), PASSWORD, code);
  const clock = new TestClock();
  const app = await buildApp(testConfig({ siteDir: STORE_SITE }), {
    store,
    clock: clock.fn,
    passwordCost: QUICK_PASSWORD_COST,
    jobs: { timers: false },
    forms: { mail: { ...(opts.smtpUrl ? { transport: smtpTransport(opts.smtpUrl) } : {}), sender: { pollMs: 3_600_000 } } },
    commerce: {
      cartWriteLimits: {
        perVisitor: { name: 'cart-write:visitor', limit: 100_000, windowMs: 60_000 },
        perAddress: { name: 'cart-write:address', limit: 100_000, windowMs: 60_000 },
      },
      ...opts.commerce,
    },
  });
  await app.ready();
  const staff = {} as Record<Role, Visitor>;
  for (const role of Object.keys(ROLES) as Role[]) staff[role] = await signIn(app, role);
  return {
    app,
    store,
    clock,
    staff,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/** A staff member of the role, signed in anew (a Visitor holding the session cookie and a crumb). */
export async function signIn(app: FastifyInstance, role: Role): Promise<Visitor> {
  const v = new Visitor(app);
  const res = await v.request('POST', '/api/owner/session', { email: emailOf(role), password: PASSWORD });
  if (res.status !== 200) throw new Error(`${role} sign-in answered ${res.status}: ${res.body}`);
  return v;
}

/** An offline checkout (the site's default provider): the order's payment is pending. */
export const offline = (extra: Record<string, unknown> = {}) => ({
  email: 'ada@example.com',
  shippingAddress: ADDRESS,
  shippingOptionId: 'standard',
  ...extra,
});

/** Places an order of these items ([urlId, sku, quantity]) through the real checkout; answers the order as checkout did. */
export async function placeOrder(app: FastifyInstance, items: [string, string | undefined, number][], body: Record<string, unknown> = offline()) {
  const v = new Visitor(app);
  for (const [item, sku, quantity] of items) {
    const added = await v.add(item, sku, quantity);
    if (added.status !== 200) throw new Error(`add ${item} answered ${added.status}: ${added.body}`);
  }
  const placed = await v.checkout(body);
  if (placed.status !== 201) throw new Error(`checkout answered ${placed.status}: ${placed.body}`);
  return { visitor: v, order: placed.json.order, orderStatusUrl: placed.json.orderStatusUrl as string };
}

/** A request to the orders API without any session (a visitor), with a crumb. */
export const anonymous = (app: FastifyInstance) => new Visitor(app);

/** A staff member's request without the crumb header (the cookie is there, the header is not). */
export function withoutCrumb(v: Visitor, method: string, url: string, payload?: unknown) {
  return v.request(method, url, payload, { 'x-csrf-token': '' });
}

/** Buys a gift card with the test provider's card; answers its code. */
export async function buyGiftCard(app: FastifyInstance, sku = 'GIFT-25'): Promise<string> {
  const bought = await new Visitor(app).checkout(
    paid({ email: 'giver@example.com', expressCheckout: { itemId: itemId('gift-card'), sku }, shippingAddress: undefined }),
  );
  if (bought.status !== 201) throw new Error(`gift card checkout answered ${bought.status}: ${bought.body}`);
  return bought.json.order.lines[0].giftCards[0].code as string;
}

export async function giftCardBalance(store: Store, code: string): Promise<number> {
  const row = await store.db.selectFrom('gift_cards').select('balance_cents').where('code', '=', code.replace(/-/g, '')).executeTakeFirstOrThrow();
  return row.balance_cents;
}

/** The outbox's mails of a kind, oldest first. */
export function mailsOf(store: Store, kind: string) {
  return store.db
    .selectFrom('outbox')
    .select(['recipient', 'subject', 'text_body', 'html_body'])
    .where('kind', '=', kind)
    .orderBy('created_on')
    .orderBy('id')
    .execute();
}

/**
 * Checks that a change of the orders API is refused to everyone but the roles that manage orders:
 * 403 PERMISSION_DENIED for the roles that may only read orders or not even that, 401 without a
 * session, 403 CRUMB_FAIL without the crumb header.
 */
export async function expectOnlyManagers(shop: OrdersShop, url: string, payload: unknown = {}, headers: Record<string, string> = {}) {
  for (const role of ['reporting', 'billing', 'editor', 'viewer'] as Role[]) {
    const res = await shop.staff[role].request('POST', url, payload, headers);
    if (res.status !== 403 || res.json?.code !== 'PERMISSION_DENIED') throw new Error(`${role} ${url} answered ${res.status} ${res.body}`);
  }
  const nobody = await anonymous(shop.app).request('POST', url, payload, headers);
  if (nobody.status !== 401 || nobody.json?.code !== 'OWNER_SIGN_IN_REQUIRED') throw new Error(`anonymous ${url} answered ${nobody.status} ${nobody.body}`);
  const forged = await shop.staff.admin.request('POST', url, payload, { ...headers, 'x-csrf-token': 'not-the-crumb' });
  if (forged.status !== 403 || forged.json?.code !== 'CRUMB_FAIL') throw new Error(`no crumb ${url} answered ${forged.status} ${forged.body}`);
}
