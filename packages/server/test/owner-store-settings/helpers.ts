import { WebsiteRole } from '@tessera/core/enums';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect } from '../../src/storage/dialect.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { freshStore } from '../helpers/store.js';
import { STORE_SITE, TestClock, Visitor, WEBSITE_ID, type StoreSite } from '../commerce/helpers.js';

export const SETTINGS = '/api/owner/store-settings';
const PASSWORD = 'a staff password 1';

/** The staff the tests sign in as: the roles that may manage the store's settings and three that may not. */
export const STAFF = {
  admin: WebsiteRole.ADMIN,
  'store-manager': WebsiteRole.STORE_MANAGER,
  'website-manager': WebsiteRole.WEBSITE_MANAGER,
  reporting: WebsiteRole.REPORTING,
  editor: WebsiteRole.EDITOR,
  viewer: WebsiteRole.VIEWER,
} as const;
export type StaffName = keyof typeof STAFF;

export interface SettingsSite extends StoreSite {
  /** A signed-in browser per staff member. */
  staff: Record<StaffName, Visitor>;
}

/** The store fixture with one signed-in account per role of STAFF; `config` as a deployment would set it. */
export async function settingsSite(dialect: Dialect, config: Partial<Config> = {}, opts: { logger?: object } = {}): Promise<SettingsSite> {
  const store = await freshStore(dialect);
  await importSite(store, STORE_SITE);
  const clock = new TestClock();
  const app = await buildApp(testConfig({ siteDir: STORE_SITE, ...config }), {
    store,
    clock: clock.fn,
    passwordCost: QUICK_PASSWORD_COST,
    ...(opts.logger ? { logger: opts.logger } : {}),
    // Background jobs run when a test asks (app.orders.expireHolds()), never on their own timers.
    jobs: { timers: false },
    commerce: {
      cartWriteLimits: {
        perVisitor: { name: 'cart-write:visitor', limit: 100_000, windowMs: 60_000 },
        perAddress: { name: 'cart-write:address', limit: 100_000, windowMs: 60_000 },
      },
    },
  });
  await app.ready();
  const staff = {} as Record<StaffName, Visitor>;
  for (const [name, role] of Object.entries(STAFF) as [StaffName, number][]) {
    await createTestOwner(store.db, WEBSITE_ID, `${name}@store.test`, PASSWORD, role);
    const browser = new Visitor(app);
    const res = await browser.request('POST', '/api/owner/session', { email: `${name}@store.test`, password: PASSWORD });
    if (res.status !== 200) throw new Error(`${name} could not sign in: ${res.body}`);
    staff[name] = browser;
  }
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

/** The store settings as the GET answers them, changed by `change`, ready to PUT back. */
export async function edited(as: Visitor, change: (s: { currency: string; store: Record<string, any> }) => void) {
  const { json } = await as.request('GET', SETTINGS);
  const next = { version: json.version as string, currency: json.currency as string, store: structuredClone(json.store) as Record<string, any> };
  change(next);
  return next;
}
