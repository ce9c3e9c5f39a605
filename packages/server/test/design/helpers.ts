import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebsiteRole } from '@tessera/core/enums';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { TestClock, Visitor } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';

const HOST = 'shop.test';
export const WEBSITE_ID = websiteIdOf('fixture-shop');
export const DESIGN = '/api/owner/design';
const DEFAULT_THEME = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../themes/default');
const PASSWORD = 'a staff password 1';
/** Two roles with editStyles, two without. */
const ROLES = {
  admin: WebsiteRole.ADMIN,
  webmanager: WebsiteRole.WEBSITE_MANAGER,
  editor: WebsiteRole.EDITOR,
  shop: WebsiteRole.STORE_MANAGER,
} as const;
export type Role = keyof typeof ROLES;

export interface DesignSite {
  app: FastifyInstance;
  store: Store;
  staff: Record<Role, Visitor>;
  visitor(): Visitor;
  close(): Promise<void>;
}

/**
 * The fixture shop on the built-in default theme, beside a second built-in theme ("second": the
 * default's files with another accent) and one without style settings ("plain"), each staff role signed in.
 */
export async function designSite(dialect: Dialect): Promise<DesignSite> {
  const themesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-themes-'));
  fs.cpSync(DEFAULT_THEME, path.join(themesDir, 'default'), { recursive: true, filter: (p) => !p.includes(`${path.sep}test`) && !p.endsWith('node_modules') });
  fs.cpSync(path.join(themesDir, 'default'), path.join(themesDir, 'second'), { recursive: true });
  const conf = JSON.parse(fs.readFileSync(path.join(themesDir, 'second', 'template.conf'), 'utf8'));
  conf.name = 'Second';
  conf.aesthetics.colorPalette.accent = '#225588';
  fs.writeFileSync(path.join(themesDir, 'second', 'template.conf'), JSON.stringify(conf));
  // A theme that declares no style settings.
  fs.cpSync(path.join(themesDir, 'default'), path.join(themesDir, 'plain'), { recursive: true });
  const { aesthetics: _a, settings: _s, ...plain } = conf;
  fs.writeFileSync(path.join(themesDir, 'plain', 'template.conf'), JSON.stringify({ ...plain, name: 'Plain' }));
  const store = await freshStore(dialect);
  await importSite(store, FIXTURE_SITE);
  await store.db.updateTable('websites').set({ theme_name: 'default', theme_id: null }).where('id', '=', WEBSITE_ID).execute();
  for (const [role, code] of Object.entries(ROLES)) await createTestOwner(store.db, WEBSITE_ID, `${role}@shop.test`, PASSWORD, code);
  const clock = new TestClock();
  const app = await buildApp(testConfig({ themesDir }), { store, clock: clock.fn, passwordCost: QUICK_PASSWORD_COST, jobs: { timers: false } });
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
    staff,
    visitor: () => new Visitor(app, HOST),
    async close() {
      await app.close();
      await store.close();
      fs.rmSync(themesDir, { recursive: true, force: true });
    },
  };
}
