// The design panel's "Pages" group reaches the special pages: the lock screen and the checkout carry
// the colour theme their setting names on their outermost element, and the popup overlay's colour
// theme and backdrop opacity reach every page in its inline styles, where the overlay island reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/storage/dialect.js';
import { SITE_PASSWORD_HASH } from '../accounts/helpers.js';
import { DIALECTS } from '../helpers/store.js';
import { DESIGN, type DesignSite, designSite, WEBSITE_ID } from './helpers.js';

const inlineStyles = (html: string) => /<style id="tessera-styles">([^<]*)<\/style>/.exec(html)?.[1] ?? '';

/** Locks or unlocks the site (site.json `settings.lockScreen`), as a new site version. */
async function lockSite(store: Store, locked: boolean) {
  const row = await store.db.selectFrom('site_settings').select('website_settings').where('website_id', '=', WEBSITE_ID).executeTakeFirstOrThrow();
  const settings = JSON.parse(row.website_settings) as Record<string, unknown>;
  if (locked) settings.lockScreen = { enabled: true, passwordHash: SITE_PASSWORD_HASH, message: 'Opening soon' };
  else delete settings.lockScreen;
  await store.db
    .updateTable('site_settings')
    .set({ website_settings: JSON.stringify(settings) })
    .where('website_id', '=', WEBSITE_ID)
    .execute();
  await store.db
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', WEBSITE_ID)
    .execute();
}

describe.each(DIALECTS)('the special pages styled from the design panel on %s', (dialect) => {
  let site: DesignSite;
  beforeAll(async () => {
    site = await designSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });
  const save = async (changes: Record<string, unknown>) => {
    const admin = site.staff.admin;
    const revision = (await admin.request('GET', DESIGN)).json.revision;
    const res = await admin.request('PUT', DESIGN, { revision, changes });
    expect(res.status, res.body).toBe(200);
    return res.json;
  };

  it('declares the pages group: lock screen, popup overlay and checkout settings with their labels and defaults', async () => {
    const settings = (await site.staff.admin.request('GET', DESIGN)).json.schema.settings as { id: string; group: string; label: string; default: unknown }[];
    expect(settings.filter((s) => s.group === 'pages').map((s) => [s.id, s.label, s.default])).toEqual(
      expect.arrayContaining([
        ['lock-screen-color-theme', 'Lock screen colour theme', 'default'],
        ['popup-overlay-color-theme', 'Popup overlay colour theme', 'light'],
        ['popup-overlay-backdrop-opacity', 'Popup overlay backdrop opacity', 60],
        ['checkout-color-theme', 'Checkout colour theme', 'default'],
      ]),
    );
  });

  it("puts the saved lock screen colour theme on the lock screen page's outermost element", async () => {
    await lockSite(site.store, true);
    try {
      const before = await site.visitor().request('GET', '/');
      expect(before.status).toBe(403);
      expect(before.body).toContain('class="status-page lock-page container container--narrow color-theme-default"');
      await save({ 'settings.lock-screen-color-theme': 'dark' });
      const after = await site.visitor().request('GET', '/');
      expect(after.status).toBe(403);
      expect(after.body).toContain('class="status-page lock-page container container--narrow color-theme-dark"');
      // The dark theme's roles are re-set inside that class, by the page's own inline styles.
      expect(inlineStyles(after.body)).toMatch(/\.color-theme-dark\{--color-background:/);
    } finally {
      await lockSite(site.store, false);
    }
  });

  it("puts the saved checkout colour theme on the checkout page's outermost element", async () => {
    const before = await site.visitor().request('GET', '/checkout');
    expect(before.body).toContain('class="checkout-page container container--medium color-theme-default"');
    await save({ 'settings.checkout-color-theme': 'accent' });
    const after = await site.visitor().request('GET', '/checkout');
    expect(after.body).toContain('class="checkout-page container container--medium color-theme-accent"');
  });

  it("writes the popup overlay's colour theme and backdrop opacity into every page's inline styles", async () => {
    const before = inlineStyles((await site.visitor().request('GET', '/')).body);
    expect(before).toContain('--setting-popup-overlay-color-theme:light');
    expect(before).toContain('--setting-popup-overlay-backdrop-opacity:60%');
    await save({ 'settings.popup-overlay-color-theme': 'dark', 'settings.popup-overlay-backdrop-opacity': 30 });
    const after = inlineStyles((await site.visitor().request('GET', '/')).body);
    expect(after).toContain('--setting-popup-overlay-color-theme:dark');
    expect(after).toContain('--setting-popup-overlay-backdrop-opacity:30%');
    const json = (await site.visitor().request('GET', '/?format=json')).json;
    expect(json.styles.values.settings['popup-overlay-color-theme']).toBe('dark');
  });

  it('offers the preview the lock screen, the checkout and the popup overlay, and shows staff who may change the styles the lock screen', async () => {
    const design = (await site.staff.admin.request('GET', DESIGN)).json;
    expect(design.previewPages).toEqual([
      { kind: 'lock-screen', path: '/config/design/lock-screen', label: 'Lock screen' },
      { kind: 'checkout', path: '/checkout', label: 'Checkout' },
      { kind: 'popup-overlay', path: '/popup-overlay', label: 'Popup overlay' },
    ]);
    // The site is not locked: the panel still shows its lock screen, with the saved colour theme.
    await save({ 'settings.lock-screen-color-theme': 'accent' });
    for (const role of ['admin', 'webmanager'] as const) {
      const page = await site.staff[role].request('GET', '/config/design/lock-screen?tessera-preview=1');
      expect(page.status, role).toBe(200);
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.body).toContain('class="status-page lock-page container container--narrow color-theme-accent"');
      expect(page.body).toContain('id="tessera-styles"');
    }
    const json = await site.staff.admin.request('GET', '/config/design/lock-screen?format=json');
    expect(json.json.pageType).toBe(103);
    // Others are sent to the sign-in page, and never see it.
    for (const who of [site.staff.editor, site.staff.shop, site.visitor()]) {
      const page = await who.request('GET', '/config/design/lock-screen');
      expect(page.status).toBe(302);
      expect(page.body).not.toContain('lock-page');
    }
  });

  it('refuses a colour theme that is not one of the options, and an opacity off its steps', async () => {
    const admin = site.staff.admin;
    const revision = (await admin.request('GET', DESIGN)).json.revision;
    const res = await admin.request('PUT', DESIGN, {
      revision,
      changes: { 'settings.checkout-color-theme': 'neon', 'settings.popup-overlay-backdrop-opacity': 33 },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      'settings.checkout-color-theme': 'neon is not one of the expected options',
      'settings.popup-overlay-backdrop-opacity': 'Enter a number from 0 to 90, in steps of 5.',
    });
  });
});
