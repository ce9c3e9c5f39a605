import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { listSiteStyles } from '../../src/storage/site-styles.js';
import { WEBSITE_ID } from './helpers.js';
import { DIALECTS } from '../helpers/store.js';
import { DESIGN, type DesignSite, designSite, type Role } from './helpers.js';

const PALE = 'Text on this background has a contrast of 1.6:1; at least 4.5:1 is needed to be readable.';

describe.each(DIALECTS)('the owner API for the site styles on %s', (dialect) => {
  let site: DesignSite;
  beforeAll(async () => {
    site = await designSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });
  const as = (role: Role) => site.staff[role];
  const revision = async () => (await as('admin').request('GET', DESIGN)).json.revision as number;

  it('answers the theme, its schema, the resolved values, the fonts and the page CSS', async () => {
    const res = await as('admin').request('GET', DESIGN);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json).toMatchObject({ theme: { name: 'default', label: 'Tessera Default' }, revision: 0, saved: {}, warnings: [] });
    expect(res.json.themes.map((t: { name: string }) => t.name)).toEqual(['default', 'plain', 'second']);
    expect(res.json.schema.aesthetics.colorPalette.accent).toBe('#a8431f');
    expect(res.json.schema.settings.map((s: { id: string }) => s.id)).toContain('button-shape');
    expect(res.json.values['colorPalette.accent']).toBe('#a8431f');
    expect(res.json.values['settings.section-spacing.desktop']).toBe(96);
    expect(res.json.fonts.find((f: { id: string }) => f.id === 'inter')).toEqual({
      id: 'inter',
      family: 'Inter',
      category: 'sans-serif',
      weights: [400, 500, 600, 700],
    });
    expect(res.json.css).toContain('--palette-accent:#a8431f');
  });

  it('previews unsaved changes without writing, with warnings and errors by path', async () => {
    const res = await as('admin').request('POST', `${DESIGN}/preview`, {
      changes: { 'colorPalette.accent': '#123456', 'colorThemes.light.text': '#ccc', 'colorPalette.dark': { h: 361, s: 0.5, l: 0.5 } },
    });
    expect(res.status).toBe(200);
    expect(res.json.css).toContain('--palette-accent:#123456');
    expect(res.json.values['colorPalette.accent']).toBe('#123456');
    expect(res.json.warnings).toEqual([{ path: 'colorThemes.light.text', message: PALE }]);
    expect(res.json.errors).toEqual({ 'colorPalette.dark': 'Hue out of bounds.' });
    expect((await as('admin').request('GET', DESIGN)).json).toMatchObject({ revision: 0, saved: {} });
  });

  it('refuses each bad value with its message, and changes nothing', async () => {
    const res = await as('admin').request('PUT', DESIGN, {
      revision: 0,
      changes: {
        'colorPalette.accent': '#12g',
        'colorPalette.dark': { h: 10, s: 0.5 },
        'colorPalette.light': { h: 10, s: 1.5, l: 0.5 },
        'colorPalette.lightest': { h: 10, s: 0.5, l: 2 },
        'colorPalette.darkest': { h: 10, s: 0.5, l: 0.5, a: 2 },
        'settings.nope': 1,
        'settings.button-shape': 'oval',
        'settings.section-spacing.desktop': 170,
        'fontThemes.classic.heading.family': 'comic-sans',
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_FAILED');
    expect(res.json.errors).toEqual({
      'colorPalette.accent': 'Enter a colour as # and 3 to 6 hex digits.',
      'colorPalette.dark': 'Missing an H/S/L value.',
      'colorPalette.light': 'Saturation out of bounds.',
      'colorPalette.lightest': 'Lightness out of bounds.',
      'colorPalette.darkest': 'Alpha out of bounds.',
      'settings.nope': 'This setting does not exist.',
      'settings.button-shape': 'oval is not one of the expected options',
      'settings.section-spacing.desktop': 'Enter a number from 24 to 160, in steps of 8.',
      'fontThemes.classic.heading.family': 'comic-sans is not one of the expected options',
    });
    expect(await revision()).toBe(0);
  });

  it('saves only the changed paths, warns without blocking, and the page carries them', async () => {
    const res = await as('admin').request('PUT', DESIGN, {
      revision: 0,
      changes: {
        'colorPalette.accent': '#123456',
        'fontThemes.classic.heading.family': 'fraunces',
        'colorThemes.light.text': '#cccccc',
        'colorPalette.dark': '#5e554b',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.revision).toBe(1);
    expect(res.json.saved).toEqual({ 'colorPalette.accent': '#123456', 'fontThemes.classic.heading.family': 'fraunces', 'colorThemes.light.text': '#cccccc' });
    expect(res.json.warnings).toEqual([{ path: 'colorThemes.light.text', message: PALE }]);
    const page = await site.visitor().request('GET', '/');
    const style = /<style id="tessera-styles">([^<]*)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(style).toContain('--palette-accent:#123456');
    expect(style).toContain(
      '@font-face{font-family:"Fraunces";font-style:normal;font-weight:600;font-display:swap;src:url(/static/fonts/fraunces/fraunces-latin-600-normal.woff2) format("woff2")}',
    );
    expect(style).toContain('--font-heading:"Fraunces", ');
    const json = (await site.visitor().request('GET', '/?format=json')).json;
    expect(json.styles.values['colorPalette.accent']).toBe('#123456');
    expect(json.styles).toMatchObject({
      colorThemes: ['default', 'light', 'dark', 'accent'],
      defaultThemeId: 'default',
      fontTheme: { heading: { family: 'fraunces', weight: 600 } },
    });
    // A value set back to the default is removed, not stored.
    const back = await as('admin').request('PUT', DESIGN, { revision: 1, changes: { 'colorThemes.light.text': 'darkest' } });
    expect(back.json.saved).toEqual({ 'colorPalette.accent': '#123456', 'fontThemes.classic.heading.family': 'fraunces' });
  });

  it('answers 409 DESIGN_CONFLICT to a stale revision', async () => {
    const stale = await as('admin').request('PUT', DESIGN, { revision: 1, changes: { 'colorPalette.accent': '#654321' } });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('DESIGN_CONFLICT');
    expect((await as('admin').request('POST', `${DESIGN}/reset`, { revision: 0 })).status).toBe(409);
    expect((await as('admin').request('PUT', `${DESIGN}/theme`, { revision: 0, theme: 'second' })).status).toBe(409);
    expect(await revision()).toBe(2);
  });

  it('resets given paths, then every path', async () => {
    const some = await as('admin').request('POST', `${DESIGN}/reset`, { revision: 2, paths: ['fontThemes.classic.heading.family'] });
    expect(some.status).toBe(200);
    expect(some.json.saved).toEqual({ 'colorPalette.accent': '#123456' });
    const all = await as('admin').request('POST', `${DESIGN}/reset`, { revision: 3 });
    expect(all.json).toMatchObject({ revision: 4, saved: {} });
    expect(all.json.values['colorPalette.accent']).toBe('#a8431f');
    const page = await site.visitor().request('GET', '/');
    expect(page.body).toContain('--palette-accent:#a8431f');
    expect(page.body).not.toContain('@font-face');
  });

  it('switches the theme at once, keeps each theme’s saved paths apart, refuses an unknown theme', async () => {
    await as('admin').request('PUT', DESIGN, { revision: 4, changes: { 'settings.button-shape': 'square' } });
    const unknown = await as('admin').request('PUT', `${DESIGN}/theme`, { revision: 5, theme: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ theme: 'nope is not one of the expected options' });
    const second = await as('admin').request('PUT', `${DESIGN}/theme`, { revision: 5, theme: 'second' });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ theme: { name: 'second', label: 'Second' }, revision: 0, saved: {} });
    const page = await site.visitor().request('GET', '/');
    expect(page.body).toContain('--palette-accent:#225588');
    expect((await site.visitor().request('GET', '/?format=json')).json.theme.templateId).toBe('Second');
    const back = await as('admin').request('PUT', `${DESIGN}/theme`, { revision: 0, theme: 'default' });
    expect(back.json).toMatchObject({ theme: { name: 'default' }, revision: 5, saved: { 'settings.button-shape': 'square' } });
    expect((await site.visitor().request('GET', '/')).body).toContain('--setting-button-shape:square');
  });

  it('answers a theme without style settings with no schema, and 409 THEME_HAS_NO_STYLES to its writes', async () => {
    const plain = await as('admin').request('PUT', `${DESIGN}/theme`, { revision: await revision(), theme: 'plain' });
    expect(plain.status).toBe(200);
    expect(plain.json).toMatchObject({ theme: { name: 'plain', label: 'Plain' }, schema: null, values: {}, css: '' });
    const preview = await as('admin').request('POST', `${DESIGN}/preview`, { changes: {} });
    expect(preview.status).toBe(409);
    expect(preview.json.code).toBe('THEME_HAS_NO_STYLES');
    expect((await as('admin').request('PUT', DESIGN, { revision: 0, changes: {} })).json.code).toBe('THEME_HAS_NO_STYLES');
    expect((await site.visitor().request('GET', '/')).body).not.toContain('tessera-styles');
    expect((await site.visitor().request('GET', '/?format=json')).json.styles).toBeUndefined();
    expect((await as('admin').request('PUT', `${DESIGN}/theme`, { revision: 0, theme: 'default' })).status).toBe(200);
  });

  it.each(['admin', 'webmanager'] as const)('lets %s read, preview and save', async (role) => {
    expect((await as(role).request('GET', DESIGN)).status).toBe(200);
    expect((await as(role).request('POST', `${DESIGN}/preview`, { changes: {} })).status).toBe(200);
    const saved = await as(role).request('PUT', DESIGN, { revision: await revision(), changes: { 'settings.content-width': role === 'admin' ? 1000 : 1100 } });
    expect(saved.status).toBe(200);
  });

  it.each(['editor', 'shop'] as const)('refuses %s with 403 on every call', async (role) => {
    const rev = await revision();
    for (const [method, url, body] of [
      ['GET', DESIGN, undefined],
      ['POST', `${DESIGN}/preview`, { changes: {} }],
      ['PUT', DESIGN, { revision: rev, changes: { 'settings.content-width': 800 } }],
      ['POST', `${DESIGN}/reset`, { revision: rev }],
      ['PUT', `${DESIGN}/theme`, { revision: rev, theme: 'second' }],
    ] as const) {
      const res = await as(role).request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.json.code).toBe('PERMISSION_DENIED');
    }
    expect(await revision()).toBe(rev);
  });

  it('answers 401 to someone not signed in, and 403 CRUMB_FAIL to a write without the crumb', async () => {
    const nobody = site.visitor();
    expect((await nobody.request('GET', DESIGN)).json).toMatchObject({ code: 'OWNER_SIGN_IN_REQUIRED' });
    expect((await nobody.request('PUT', DESIGN, { revision: 0, changes: {} })).status).toBe(401);
    const rev = await revision();
    for (const [method, url, body] of [
      ['PUT', DESIGN, { revision: rev, changes: { 'settings.content-width': 800 } }],
      ['POST', `${DESIGN}/reset`, { revision: rev }],
      ['PUT', `${DESIGN}/theme`, { revision: rev, theme: 'second' }],
    ] as const) {
      const res = await as('admin').request(method, url, body, { 'x-csrf-token': '' });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('CRUMB_FAIL');
    }
    expect(await revision()).toBe(rev);
  });

  it('serves the catalogue font files from the site itself, cached for good; 404 for any other', async () => {
    const font = await site.visitor().request('GET', '/static/fonts/inter/inter-latin-400-normal.woff2');
    expect(font.status).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await site.visitor().request('GET', '/static/fonts/inter/inter-latin-300-normal.woff2')).status).toBe(404);
    expect((await site.visitor().request('GET', '/static/fonts/nope/nope-latin-400-normal.woff2')).status).toBe(404);
    expect((await site.visitor().request('GET', '/static/fonts/inter/..%2Fpackage.json')).status).toBe(404);
  });

  it('exports the saved styles of each theme in site.json, and imports them back', async () => {
    await as('admin').request('PUT', DESIGN, { revision: await revision(), changes: { 'colorPalette.accent': '#0f0f0f' } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-styles-export-'));
    try {
      await exportSite(site.store, dir, { force: true });
      const doc = JSON.parse(fs.readFileSync(path.join(dir, 'site.json'), 'utf8'));
      const before = await listSiteStyles(site.store.db, WEBSITE_ID);
      expect(doc.styles).toEqual(Object.fromEntries([...before].map(([theme, row]) => [theme, row.saved])));
      expect(doc.styles.default['colorPalette.accent']).toBe('#0f0f0f');
      doc.styles.default['colorPalette.accent'] = '#0e0e0e';
      fs.writeFileSync(path.join(dir, 'site.json'), JSON.stringify(doc));
      await importSite(site.store, dir);
      const after = await listSiteStyles(site.store.db, WEBSITE_ID);
      expect(after.get('default')?.saved).toEqual({ ...doc.styles.default });
      expect((await site.visitor().request('GET', '/')).body).toContain('--palette-accent:#0e0e0e');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
