// The card-network provider's public settings in the pages' browser context, and the
// Content-Security-Policy exceptions of the pages that load Stripe.js (and of no other page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_CONTENT_SECURITY_POLICY } from '../../src/http/security.js';
import { DIALECTS } from '../helpers/store.js';
import { storeApp, type StoreSite, updateStoreSettings, Visitor } from './helpers.js';

const STRIPE = {
  testMode: true,
  testPublishableKey: 'pk_test_51Tessera',
  livePublishableKey: 'pk_live_51Tessera',
  paymentMethods: ['afterpay_clearpay', 'klarna', 'sofort'],
  expressCheckout: false,
  // What the settings may also hold by mistake or from a newer version: never sent to a page.
  secretKey: 'sk_test_secret',
  webhookSecret: 'whsec_secret',
};

const PAGES = ['/', '/shop/mug', '/cart', '/checkout'];

function contextOf(html: string): Record<string, any> {
  const json = /<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json!);
}

describe.each(DIALECTS)('Stripe in the pages (%s)', (dialect) => {
  let site: StoreSite;
  beforeAll(async () => {
    site = await storeApp(dialect);
  });
  afterAll(() => site.close());

  const read = async (url: string) => {
    const v = new Visitor(site.app);
    // Twice: the second answer may be the page kept for every visitor, with the same headers.
    await v.request('GET', url);
    return v.request('GET', url);
  };
  const csp = (answer: { headers: Record<string, unknown> }) => String(answer.headers['content-security-policy']);

  it('carries nothing of Stripe and keeps the strict policy on every page of a site that does not offer it', async () => {
    await updateStoreSettings(site.store, (s) => {
      s.paymentProviders = ['offline', 'test'];
      s.stripe = STRIPE;
    });
    for (const url of PAGES) {
      const answer = await read(url);
      expect(answer.status, url).toBe(200);
      expect(contextOf(answer.body).storeSettings.stripe, url).toBeUndefined();
      expect(answer.body, url).not.toMatch(/pk_test_|sk_test|whsec_|stripe\.com/);
      expect(csp(answer), url).not.toContain('stripe');
    }
  });

  it('sends the active mode publishable key, the mode, the known methods and the wallets switch, never a secret', async () => {
    await updateStoreSettings(site.store, (s) => {
      s.paymentProviders = ['stripe', 'test'];
      s.stripe = STRIPE;
    });
    for (const url of PAGES) {
      const answer = await read(url);
      expect(contextOf(answer.body).storeSettings.stripe, url).toEqual({
        publishableKey: 'pk_test_51Tessera',
        testMode: true,
        paymentMethods: ['afterpay_clearpay', 'klarna'],
        expressCheckout: false,
      });
      expect(answer.body, url).not.toMatch(/sk_test|whsec_|pk_live_/);
      const json = await new Visitor(site.app).page(url);
      expect(json.body, url).not.toMatch(/sk_test|whsec_/);
    }
    await updateStoreSettings(site.store, (s) => {
      s.stripe = { ...STRIPE, testMode: false };
    });
    expect(contextOf((await read('/')).body).storeSettings.stripe).toMatchObject({ publishableKey: 'pk_live_51Tessera', testMode: false });
    // The active mode without a publishable key (or with something else in its place): not offered to the browser.
    for (const livePublishableKey of [undefined, '', 'sk_live_oops']) {
      await updateStoreSettings(site.store, (s) => {
        s.stripe = { ...STRIPE, testMode: false, livePublishableKey };
      });
      const answer = await read('/checkout');
      expect(contextOf(answer.body).storeSettings.stripe).toBeUndefined();
      expect(answer.body).not.toContain('sk_live_oops');
      expect(csp(answer)).not.toContain('stripe');
    }
  });

  it('gives the checkout the exceptions Stripe documents, and the product and cart pages only with express checkout on', async () => {
    await updateStoreSettings(site.store, (s) => {
      s.paymentProviders = ['stripe', 'test'];
      s.stripe = STRIPE;
    });
    expect(STRIPE_CONTENT_SECURITY_POLICY).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com(;|$)/);
    expect(STRIPE_CONTENT_SECURITY_POLICY).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;|$)/);
    expect(STRIPE_CONTENT_SECURITY_POLICY).toMatch(
      /frame-src 'self' https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com https:\/\/w\.soundcloud\.com https:\/\/open\.spotify\.com https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com https:\/\/hooks\.stripe\.com(;|$)/,
    );
    const strict = csp(await read('/'));
    expect(strict).toContain("script-src 'self';");
    expect(csp(await read('/checkout'))).toBe(STRIPE_CONTENT_SECURITY_POLICY);
    for (const url of ['/', '/shop/mug', '/cart']) expect(csp(await read(url)), url).toBe(strict);
    await updateStoreSettings(site.store, (s) => {
      s.stripe = { ...STRIPE, expressCheckout: true };
    });
    for (const url of ['/shop/mug', '/cart', '/checkout']) expect(csp(await read(url)), url).toBe(STRIPE_CONTENT_SECURITY_POLICY);
    for (const url of ['/']) expect(csp(await read(url)), url).toBe(strict);
  });
});
