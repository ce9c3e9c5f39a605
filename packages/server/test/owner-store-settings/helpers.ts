import { WebsiteRole } from '@tessera/core/enums';
import type { Dialect } from '../../src/storage/dialect.js';
import { createTestOwner } from '../helpers/passwords.js';
import { Visitor, WEBSITE_ID, storeApp, type StoreSite } from '../commerce/helpers.js';

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

/** The store fixture with one signed-in account per role of STAFF. */
export async function settingsSite(dialect: Dialect): Promise<SettingsSite> {
  const site = await storeApp(dialect);
  const staff = {} as Record<StaffName, Visitor>;
  for (const [name, role] of Object.entries(STAFF) as [StaffName, number][]) {
    await createTestOwner(site.store.db, WEBSITE_ID, `${name}@store.test`, PASSWORD, role);
    const browser = new Visitor(site.app);
    const res = await browser.request('POST', '/api/owner/session', { email: `${name}@store.test`, password: PASSWORD });
    if (res.status !== 200) throw new Error(`${name} could not sign in: ${res.body}`);
    staff[name] = browser;
  }
  return { ...site, staff };
}

/** The store settings as the GET answers them, changed by `change`, ready to PUT back. */
export async function edited(as: Visitor, change: (s: { currency: string; store: Record<string, any> }) => void) {
  const { json } = await as.request('GET', SETTINGS);
  const next = { version: json.version as string, currency: json.currency as string, store: structuredClone(json.store) as Record<string, any> };
  change(next);
  return next;
}
