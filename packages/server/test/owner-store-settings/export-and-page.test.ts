import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../src/site-dir/index.js';
import { readSiteDirectory } from '../../src/site-dir/read.js';
import { DIALECTS } from '../helpers/store.js';
import { Visitor } from '../commerce/helpers.js';
import { SETTINGS, edited, settingsSite, type SettingsSite } from './helpers.js';

describe.each(DIALECTS)('store settings saved in the studio, exported and on their page, on %s', (dialect) => {
  let site: SettingsSite;
  let tmp: string;
  beforeAll(async () => {
    site = await settingsSite(dialect);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-store-export-'));
  });
  afterAll(async () => {
    await site?.close();
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('are written by tessera export as saved, and import again without a problem', async () => {
    const body = await edited(site.staff.admin, (s) => {
      s.currency = 'EUR';
      s.store.shippingOptions.push({ id: 'courier', name: 'Courier', priceCents: 2500, freeOverCents: 20000 });
      s.store.taxRules = [{ country: 'FR', rateBasisPoints: 2000, appliesToShipping: true }];
      s.store.coupons.push({ code: 'SPRING', percentOff: 12.5, startsOn: '2025-03-01T05:00:00.000Z', endsOn: '2025-04-01T04:00:00.000Z', usageLimit: 50 });
      s.store.minimumOrderSubtotal = 1500;
      s.store.merchandising = { restockNotificationsEnabled: true, restockNotificationsSuccessText: 'We will write to you.' };
    });
    const saved = await site.staff.admin.request('PUT', SETTINGS, body);
    expect(saved.status).toBe(200);
    const dir = path.join(tmp, 'out');
    await exportSite(site.store, dir);
    const written = JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8'));
    expect(written.currency).toBe('EUR');
    expect(written.store).toEqual(body.store);
    const bundle = await readSiteDirectory(dir);
    expect(bundle.site.store).toEqual(body.store);
  });

  it('has its page at /config/store for the roles that may manage the store, with the site’s time zone', async () => {
    for (const name of ['admin', 'store-manager', 'website-manager'] as const) {
      const page = await site.staff[name].request('GET', '/config/store');
      expect(page.status, name).toBe(200);
      const context = JSON.parse(/<script[^>]*id="tessera-studio-context"[^>]*>([^<]*)<\/script>/.exec(page.body)![1]!);
      expect(context).toMatchObject({ page: 'store', timeZone: 'America/New_York' });
      expect(context.permissions).toContain('manageStoreSettings');
    }
    for (const name of ['reporting', 'editor', 'viewer'] as const) {
      const page = await site.staff[name].request('GET', '/config/store');
      expect([302, 303, 403], name).toContain(page.status);
      expect(page.body).not.toContain('"page":"store"');
    }
    const nobody = await new Visitor(site.app).request('GET', '/config/store');
    expect(nobody.status).toBe(302);
    expect(nobody.headers.location).toBe('/config/login?next=%2Fconfig%2Fstore');
  });
});
