import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, pageJson, type TestSite } from '../helpers/app.js';

// The installment badge's information dialog reads Tessera's own explanatory HTML per provider
// and locale (storefront.md section 7), and the site context tells the storefront what it needs.
describe('the installment information and the browser context', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await fixtureApp('sqlite');
    await site.app.ready();
  });
  afterAll(async () => site?.close());

  const get = (url: string) => site.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

  it.each([
    ['afterpay', 'en_US', 'USD'],
    ['afterpay', 'en_CA', 'CAD'],
    ['afterpay', 'en_AU', 'AUD'],
    ['afterpay', 'en_NZ', 'NZD'],
    ['clearpay', 'en_GB', 'GBP'],
  ])('answers %s %s as plain HTML in English with its currency', async (provider, locale, currency) => {
    const res = await get(`/api/commerce/installments/${provider}/${locale}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('4 interest-free payments');
    expect(res.body).toContain(currency);
    expect(res.body).not.toMatch(/<script|https?:\/\//);
  });

  it('answers fr_CA in French', async () => {
    const res = await get('/api/commerce/installments/afterpay/fr_CA');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('lang="fr"');
    expect(res.body).toContain('versements sans intérêts');
  });

  it.each([
    ['afterpay', 'en_GB'],
    ['clearpay', 'en_US'],
    ['klarna', 'en_US'],
    ['afterpay', 'xx'],
  ])('refuses %s %s with 404', async (provider, locale) => {
    const res = await get(`/api/commerce/installments/${provider}/${locale}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives the browser the express-checkout flag, the payment providers and the minimum subtotal in minor units', async () => {
    const res = await get('/');
    const json = /<script type="application\/json" id="tessera-context">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    const context = JSON.parse(json);
    const page = (await pageJson(site.app, '/')).json;
    expect(context.storeSettings).toMatchObject({
      expressCheckout: page.storeSettings.expressCheckout,
      minimumOrderSubtotalCents: page.storeSettings.minimumOrderSubtotalCents,
    });
    expect(context.storeSettings.paymentProviders).toEqual(expect.arrayContaining([expect.any(String)]));
    // Ids only: no provider key reaches a page.
    expect(JSON.stringify(context.storeSettings)).not.toMatch(/secret|apiKey/i);
  });
});
