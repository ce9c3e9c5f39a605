import { WebsiteRole } from '@tessera/core/enums';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { stableId } from '../../src/storage/ids.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { TestClock, Visitor } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';

const HOST = 'shop.test';
const WEBSITE_ID = websiteIdOf('fixture-shop');
/** The item of a fixture collection, by the collection's and the item's URL ids. */
export const itemOf = (collection: string, urlId: string) => stableId(stableId(WEBSITE_ID, 'collection', collection), 'item', urlId);
export const api = (itemId: string, rest = '') => `/api/owner/content/${itemId}${rest}`;

const PASSWORD = 'a staff password 1';
/** The roles the page content API tells apart: three with editContent (one of them without editCode), one without. */
const ROLES = { admin: WebsiteRole.ADMIN, editor: WebsiteRole.EDITOR, webmanager: WebsiteRole.WEBSITE_MANAGER, shop: WebsiteRole.STORE_MANAGER } as const;
type Role = keyof typeof ROLES;

export interface ContentSite {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  staff: Record<Role, Visitor>;
  visitor(): Visitor;
  close(): Promise<void>;
}

/** The fixture shop (a page, a blog, events) on a fresh store of the dialect, with a signed-in staff account of each role. */
export async function contentSite(dialect: Dialect): Promise<ContentSite> {
  const store = await freshStore(dialect);
  await importSite(store, FIXTURE_SITE);
  for (const [role, code] of Object.entries(ROLES)) await createTestOwner(store.db, WEBSITE_ID, `${role}@shop.test`, PASSWORD, code);
  const clock = new TestClock();
  const app = await buildApp(testConfig(), { store, clock: clock.fn, passwordCost: QUICK_PASSWORD_COST, jobs: { timers: false } });
  await app.ready();
  const staff = {} as Record<Role, Visitor>;
  for (const role of Object.keys(ROLES) as Role[]) {
    const v = new Visitor(app, HOST);
    const res = await v.request('POST', '/api/owner/session', { email: `${role}@shop.test`, password: PASSWORD });
    if (res.status !== 200) throw new Error(`${role} sign-in answered ${res.status}: ${res.body}`);
    staff[role] = v;
  }
  return {
    app,
    store,
    clock,
    staff,
    visitor: () => new Visitor(app, HOST),
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/** A text block with this HTML. */
export const text = (id: string, html: string) => ({ id, kind: 'text', settings: { html } });
/** A code block with this HTML. */
export const code = (id: string, html: string) => ({ id, kind: 'code', settings: { html } });
/** A document of one section holding these blocks. */
export const doc = (title: string, blocks: unknown[], excerpt = '') => ({ title, excerpt, sections: [{ id: 's-main', blocks }] });
