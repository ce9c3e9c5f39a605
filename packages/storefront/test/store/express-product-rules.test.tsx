// @vitest-environment jsdom
// Where a product page shows the wallets: beside its own button, for a product bought at once on a
// site with Stripe's express checkout on; not for a subscription, a gift card, a product whose form
// must be filled first or one sold out in every variant, nor on a page about another item.
import { act } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SiteContext, TesseraGlobal } from '../../src/bootstrap.js';
import { mount } from '../../src/islands/add-to-cart/index.js';
import { productItem, renderProduct } from './helpers.js';

const STRIPE = { publishableKey: 'pk_test_rules', testMode: true, paymentMethods: [], expressCheckout: true };

function tessera(itemId: string, stripe: unknown = STRIPE): TesseraGlobal {
  const context = { pageType: 50, itemId, currency: 'USD', language: 'en-US', storeSettings: { stripe } } as unknown as SiteContext;
  return { context, crumb: () => 'crumb-1', visit: Promise.resolve(null) };
}

/** Whether the wallets' host was put beside the product's button (its chunk is fetched first). */
async function walletsShown(item: ReturnType<typeof productItem>, t: TesseraGlobal = tessera(item.id)): Promise<boolean> {
  const button = renderProduct(item);
  act(() => mount([button], t));
  for (let i = 0; i < 10; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
  const host = document.querySelector('.express-checkout-host');
  if (host) expect(host.previousElementSibling?.classList.contains('add-to-cart-island')).toBe(true);
  return host !== null;
}

// The wallets' chunks, fetched once before: the island's own import then answers at once.
beforeAll(async () => {
  await Promise.all([import('../../src/stripe/express-product.js'), import('../../src/stripe/express-mount.js')]);
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the wallets on a product page', () => {
  it('are shown for a product bought at once, only with express checkout on and on its own page', async () => {
    const mug = productItem({ id: 'mug', variants: [{ sku: 'MUG' }] });
    expect(await walletsShown(mug)).toBe(true);
    expect(await walletsShown(mug, tessera('another-item'))).toBe(false);
    expect(await walletsShown(mug, tessera('mug', { ...STRIPE, expressCheckout: false }))).toBe(false);
    expect(await walletsShown(mug, tessera('mug', null))).toBe(false);
    expect(await walletsShown(productItem({ id: 'guide', productType: 2, variants: [{ sku: 'PDF', unlimited: true }] }))).toBe(true);
  });

  it('are not shown for a subscription, a gift card, a product with a form, or one sold out in every variant', async () => {
    expect(await walletsShown(productItem({ id: 'club', variants: [{ sku: 'CLUB' }], subscribable: true }))).toBe(false);
    expect(await walletsShown(productItem({ id: 'gift', productType: 4, variants: [{ sku: 'GFT-050' }] }))).toBe(false);
    expect(await walletsShown(productItem({ id: 'scoop', variants: [{ sku: 'SCOOP' }], form: { id: 'engraving', fields: [] } }))).toBe(false);
    const gone = (stock: number) =>
      productItem({
        id: 'gone',
        options: ['Size'],
        variants: [
          { sku: 'GONE-S', attributes: { Size: 'S' }, stock: 0 },
          { sku: 'GONE-L', attributes: { Size: 'L' }, stock },
        ],
      });
    expect(await walletsShown(gone(0))).toBe(false);
    expect(await walletsShown(gone(1))).toBe(true);
  });
});
