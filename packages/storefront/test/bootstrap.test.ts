// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { boot, readCrumb, readSiteContext } from '../src/bootstrap.js';

const context = {
  websiteId: 'w1',
  templateId: 'default',
  authenticatedAccountId: null,
  pageType: 50,
  collectionId: 'c1',
  itemId: 'i1',
  language: 'en-US',
  cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true },
  captchaSiteKey: null,
  timeZone: { name: 'America/New_York', offset: -18000000, abbreviation: 'EST' },
  currency: 'USD',
  storeSettings: {},
};

describe('the bootstrap script', () => {
  it('reads the site context the page embeds, and exposes it with the crumb', () => {
    document.body.innerHTML = `<script type="application/json" id="tessera-context">${JSON.stringify(context).replace(/</g, '\\u003c')}</script>`;
    document.cookie = 'crumb=abc123';
    let announced: unknown = null;
    document.addEventListener('tessera:ready', (e) => (announced = (e as CustomEvent).detail));
    const tessera = boot(window);
    expect(window.Tessera).toBe(tessera);
    expect(tessera.context).toEqual(context);
    expect(tessera.crumb()).toBe('abc123');
    expect(announced).toEqual(context);
  });

  it('gives null for a page without a context or with a broken one', () => {
    document.body.innerHTML = '';
    expect(readSiteContext(document)).toBeNull();
    document.body.innerHTML = '<script type="application/json" id="tessera-context">{broken</script>';
    expect(readSiteContext(document)).toBeNull();
    document.cookie = 'crumb=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(readCrumb(document)).toBeNull();
  });
});
