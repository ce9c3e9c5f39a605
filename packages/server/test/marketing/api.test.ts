import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import { Visitor } from '../commerce/helpers.js';
import { STAFF, settingsSite, type SettingsSite, type StaffName } from '../owner-store-settings/helpers.js';

const PATH = '/api/owner/marketing';
const MAY = ['admin', 'website-manager'] as const;
const MAY_NOT = ['store-manager', 'editor', 'reporting', 'viewer'] as const;
const ENTRY = '/static/storefront/assets/marketing-Fx1x2x3x.js';
const OFF = { tagManagerId: '', pixelId: '', privacyUrl: '', cookieBannerEnabled: false, restrictiveCookiePolicy: false };
const FULL = { tagManagerId: 'GTM-AB12CD3', pixelId: '123456789012345', privacyUrl: '/privacy', cookieBannerEnabled: true, restrictiveCookiePolicy: true };

/** The browser context a page carries (`<script id="tessera-context">`). */
const browserContext = (html: string) => JSON.parse(/<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(html)![1]!);

describe.each(DIALECTS)('the owner API for marketing and cookies on %s', (dialect) => {
  let site: SettingsSite;
  beforeAll(async () => {
    site = await settingsSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });
  const as = (name: StaffName) => site.staff[name];

  it('answers everything off on a site without integrations, whose pages carry none and keep the strict policy', async () => {
    const res = await as('admin').request('GET', PATH);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json).toEqual(OFF);
    const page = await new Visitor(site.app).request('GET', '/');
    expect(browserContext(page.body).marketing).toBeUndefined();
    expect(page.body).not.toContain(ENTRY);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it.each(MAY)('lets %s save; the pages then carry the integrations and their hosts in the policy', async (name) => {
    const saved = await as(name).request('PUT', PATH, { ...FULL, tagManagerId: ' gtm-ab12cd3 ', pixelId: ' 123456789012345' });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual(FULL);
    expect((await as(name).request('GET', PATH)).json).toEqual(FULL);
    const page = await new Visitor(site.app).request('GET', '/');
    expect(browserContext(page.body).marketing).toEqual({
      tagManager: { id: 'GTM-AB12CD3', src: 'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3' },
      pixel: { id: '123456789012345', src: 'https://connect.facebook.net/en_US/fbevents.js' },
      privacyUrl: '/privacy',
    });
    expect(browserContext(page.body).cookieSettings).toEqual({ isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true });
    // The storefront's marketing entry, in the head, so that it runs before the bootstrap; never inside the JSON.
    expect(page.body.indexOf(`<script type="module" src="${ENTRY}"></script>`)).toBeGreaterThan(-1);
    expect(page.body.indexOf(ENTRY)).toBeLessThan(page.body.indexOf('/static/storefront/assets/bootstrap-'));
    expect(browserContext(page.body).entryScripts).toBeUndefined();
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://www.googletagmanager.com https://connect.facebook.net;");
    expect(policy).toContain('https://www.facebook.com');
    const off = await as(name).request('PUT', PATH, OFF);
    expect(off.json).toEqual(OFF);
    const after = await new Visitor(site.app).request('GET', '/');
    expect(browserContext(after.body).marketing).toBeUndefined();
    expect(after.body).not.toContain(ENTRY);
    expect(String(after.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('adds only the configured one: a pixel alone brings no tag manager host', async () => {
    await as('admin').request('PUT', PATH, { ...OFF, pixelId: '998877' });
    const page = await new Visitor(site.app).request('GET', '/');
    expect(browserContext(page.body).marketing).toEqual({ pixel: { id: '998877', src: 'https://connect.facebook.net/en_US/fbevents.js' } });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://connect.facebook.net;");
    expect(policy).not.toContain('googletagmanager');
    await as('admin').request('PUT', PATH, OFF);
  });

  it('loads the entry for the banner alone (no tag: nothing in the policy), with its privacy link', async () => {
    await as('admin').request('PUT', PATH, { ...OFF, cookieBannerEnabled: true, privacyUrl: '/privacy' });
    const page = await new Visitor(site.app).request('GET', '/');
    expect(browserContext(page.body).marketing).toEqual({ privacyUrl: '/privacy' });
    expect(page.body).toContain(ENTRY);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    await as('admin').request('PUT', PATH, OFF);
  });

  it.each(MAY_NOT)('refuses %s with 403, reading and saving, and changes nothing', async (name) => {
    expect((await as(name).request('GET', PATH)).json).toMatchObject({ code: 'PERMISSION_DENIED' });
    const save = await as(name).request('PUT', PATH, FULL);
    expect(save.status).toBe(403);
    expect(save.json.code).toBe('PERMISSION_DENIED');
    expect((await as('admin').request('GET', PATH)).json).toEqual(OFF);
    expect(STAFF[name]).toBeGreaterThan(0);
  });

  it('answers 401 to someone not signed in, and 403 CRUMB_FAIL to a save without the crumb', async () => {
    const nobody = new Visitor(site.app);
    expect((await nobody.request('GET', PATH)).json).toMatchObject({ code: 'OWNER_SIGN_IN_REQUIRED' });
    expect((await nobody.request('PUT', PATH, FULL)).status).toBe(401);
    const noCrumb = await as('admin').request('PUT', PATH, FULL, { 'x-csrf-token': '' });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.json).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
    expect((await as('admin').request('GET', PATH)).json).toEqual(OFF);
  });

  it.each([
    [
      'a container id of another kind',
      { tagManagerId: 'UA-1234567-1' },
      'tagManagerId',
      'Enter a tag manager container id such as GTM-AB12CD3 ("GTM-" then 4 to 10 capital letters or digits), or leave it empty.',
    ],
    [
      'a container id with a script in it',
      { tagManagerId: 'GTM-AB"><script>' },
      'tagManagerId',
      'Enter a tag manager container id such as GTM-AB12CD3 ("GTM-" then 4 to 10 capital letters or digits), or leave it empty.',
    ],
    ['a pixel id with letters', { pixelId: '12345abc' }, 'pixelId', 'Enter the ad pixel id: 6 to 20 digits, or leave it empty.'],
    ['a pixel id too short', { pixelId: '12345' }, 'pixelId', 'Enter the ad pixel id: 6 to 20 digits, or leave it empty.'],
    [
      'a privacy address on another host without a scheme',
      { privacyUrl: '//evil.example/privacy' },
      'privacyUrl',
      'Enter a path of the site (/privacy) or an http(s) address, or leave it empty.',
    ],
    [
      'a javascript: address',
      { privacyUrl: 'javascript:alert(1)' },
      'privacyUrl',
      'Enter a path of the site (/privacy) or an http(s) address, or leave it empty.',
    ],
  ])('refuses %s with 400 and its message, and changes nothing', async (_name, change, field, message) => {
    const res = await as('admin').request('PUT', PATH, { ...FULL, ...change });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: message } });
    expect((await as('admin').request('GET', PATH)).json).toEqual(OFF);
  });

  it('refuses a body without every field, or with an unknown one', async () => {
    const missing = await as('admin').request('PUT', PATH, { tagManagerId: 'GTM-AB12CD3' });
    expect(missing).toMatchObject({ status: 400, json: { code: 'VALIDATION_FAILED' } });
    expect(missing.json.errors.pixelId).toBeDefined();
    const unknown = await as('admin').request('PUT', PATH, { ...OFF, script: '<script>' });
    expect(unknown).toMatchObject({ status: 400, json: { code: 'VALIDATION_FAILED' } });
  });

  it('exports the settings in site.json, beside the other cookie policy fields, and imports them back', async () => {
    await as('admin').request('PUT', PATH, FULL);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-marketing-'));
    try {
      await exportSite(site.store, dir);
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'site.json'), 'utf8'));
      expect(json.settings.marketing).toEqual({ tagManagerId: 'GTM-AB12CD3', pixelId: '123456789012345', privacyUrl: '/privacy' });
      expect(json.settings.cookiePolicy).toMatchObject({ restrictive: true, bannerEnabled: true });
      const other = await freshStore(dialect);
      try {
        await importSite(other, dir);
        const row = await other.db.selectFrom('site_settings').select('website_settings').executeTakeFirstOrThrow();
        expect(JSON.parse(row.website_settings).marketing).toEqual(json.settings.marketing);
      } finally {
        await other.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await as('admin').request('PUT', PATH, OFF);
    }
  });
});
