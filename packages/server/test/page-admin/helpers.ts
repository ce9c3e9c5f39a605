import { WebsiteRole } from '@tessera/core/enums';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect } from '../../src/storage/dialect.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { freshStore } from '../helpers/store.js';
import { STORE_SITE, TestClock, Visitor, WEBSITE_ID, type StoreSite } from '../commerce/helpers.js';

export const PAGES = '/api/owner/pages';
const PASSWORD = 'a staff password 1';

/** Roles that may edit pages (editContent) and two that may not. */
const STAFF = {
  admin: WebsiteRole.ADMIN,
  editor: WebsiteRole.EDITOR,
  'website-manager': WebsiteRole.WEBSITE_MANAGER,
  'store-manager': WebsiteRole.STORE_MANAGER,
  viewer: WebsiteRole.VIEWER,
} as const;
export type StaffName = keyof typeof STAFF;

export interface PagesSite extends StoreSite {
  staff: Record<StaffName, Visitor>;
  visitor: Visitor;
}

/** The store fixture (one products page, the home page) with a signed-in browser per role of STAFF and a test clock. */
export async function pagesSite(dialect: Dialect): Promise<PagesSite> {
  const store = await freshStore(dialect);
  await importSite(store, STORE_SITE);
  const clock = new TestClock();
  const app = await buildApp(testConfig({ siteDir: STORE_SITE }), { store, clock: clock.fn, passwordCost: QUICK_PASSWORD_COST, jobs: { timers: false } });
  await app.ready();
  const staff = {} as Record<StaffName, Visitor>;
  for (const [name, role] of Object.entries(STAFF) as [StaffName, number][]) {
    await createTestOwner(store.db, WEBSITE_ID, `${name}@pages.test`, PASSWORD, role);
    const browser = new Visitor(app);
    const res = await browser.request('POST', '/api/owner/session', { email: `${name}@pages.test`, password: PASSWORD });
    if (res.status !== 200) throw new Error(`${name} could not sign in: ${res.body}`);
    staff[name] = browser;
  }
  return {
    app,
    store,
    clock,
    staff,
    visitor: new Visitor(app),
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/** Node as the tree answers it (the fields the tests read). */
export interface TestNode {
  key: string;
  kind: string;
  title: string;
  urlId?: string;
  itemId?: string;
  hidden: boolean;
  status?: string;
  statusLabel?: string;
  children?: TestNode[];
}

/** The titles of a list, folders with their children's. */
export function titles(nodes: readonly TestNode[]): unknown[] {
  return nodes.map((n) => (n.children ? { [n.title]: titles(n.children) } : n.title));
}

/** A tree as the PUT takes it back: keys, hidden flags and children. */
export function refs(nodes: readonly TestNode[]): { key: string; hidden?: boolean; children?: unknown[] }[] {
  return nodes.map((n) => ({ key: n.key, ...(n.hidden ? { hidden: true } : {}), ...(n.children ? { children: refs(n.children) } : {}) }));
}
