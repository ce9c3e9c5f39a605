import { describe, expect, it } from 'vitest';
import { addToCartLabel, productPriceLines } from '../src/product/index.js';
import { DEFAULT_STRINGS, pageContextStrings } from '../src/strings/index.js';
import {
  CART_TEXTS,
  CART_TEXTS_FR,
  CHECKOUT_MESSAGES,
  CHECKOUT_TEXTS,
  CHECKOUT_TEXTS_FR,
  STOREFRONT_TEXTS,
  cartTexts,
  checkoutChecks,
  checkoutTexts,
  pageTexts,
} from '../src/cart/index.js';

describe('default strings', () => {
  it('hold the snippet defaults under the page-context keys', () => {
    expect(DEFAULT_STRINGS).toMatchObject({
      productAddToCartText: 'Add To Cart',
      productSubscribeText: 'Subscribe',
      productQuickViewText: 'Quick View',
      productVariantSelectText: 'Select {variantName}',
      productPriceFromText: 'from {fromPrice}',
      productPriceUnavailable: 'Unavailable',
      productSoldOutText: 'sold out',
      productSaleText: 'sale',
      productQuantityInputLabel: 'Quantity',
      salePriceText: 'Sale Price:',
      originalPriceText: 'Original Price:',
      formEmptyAnswerText: 'N/A',
    });
  });

  it('hold the storefront texts', () => {
    expect(DEFAULT_STRINGS).toMatchObject({
      storefrontAddToCartText: 'Add to Cart',
      productExpressCheckoutText: 'Purchase',
      addToCartAddingText: 'Adding\u2026',
      addToCartAddedText: 'Added!',
      viewCartText: 'View Cart',
      addToCartDialogTitle: 'Unable to Add Item',
      expressCheckoutDialogTitle: 'Unable to Purchase Item',
      giftCardDialogTitle: 'Unable to purchase Gift Card',
      formSubmittingText: 'Submitting\u2026',
      formSavingText: 'Saving\u2026',
      restockNotificationsSuccessText: 'Signed up!',
      cartItemText: 'item',
      cartItemsText: 'items',
      likertStronglyAgreeText: 'Strongly Agree',
      unableToConnectText: 'Unable to connect. Please try again',
    });
    for (const [key, value] of Object.entries(DEFAULT_STRINGS)) {
      expect(typeof value, key).toBe('string');
      expect(value.length, key).toBeGreaterThan(0);
    }
  });

  it('build a page context table with known keys only', () => {
    const strings = pageContextStrings({
      productSaleText: 'Solde',
      productPrice__singlePrice__1Weekly__indefinite: '{price} chaque semaine',
      productPrice__bogus: 'x',
      somethingElse: 'y',
      viewCartText: 42,
    });
    expect(strings.productSaleText).toBe('Solde');
    expect(strings.productPrice__singlePrice__1Weekly__indefinite).toBe('{price} chaque semaine');
    expect(strings).not.toHaveProperty('productPrice__bogus');
    expect(strings).not.toHaveProperty('somethingElse');
    expect(strings.viewCartText).toBe('View Cart');
  });

  it('feed the product rules the same keys', () => {
    const strings = pageContextStrings({ productAddToCartText: 'ADD', salePriceText: 'Now:' });
    expect(addToCartLabel({}, { localizedStrings: strings })).toBe('ADD');
    expect(addToCartLabel({}, { surface: 'storefront', localizedStrings: strings })).toBe('Add to Cart');
    const lines = productPriceLines({ kind: 'sale', cents: 1, originalCents: 2, currency: 'USD' }, strings);
    expect(lines).toMatchObject({ saleLabel: 'Now:', originalLabel: 'Original Price:' });
  });
});

describe('the cart and checkout pages’ words by language', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('answers French for every French-speaking page and English for the others', () => {
    for (const language of ['fr-FR', 'fr-CA', 'fr', 'FR-be']) {
      expect(cartTexts(language).checkout).toBe('Passer la commande');
      expect(checkoutTexts(language).placeOrder).toBe('Passer la commande');
      expect(checkoutChecks(language).shippingOptionRequired).toBe('Choisissez un mode de livraison.');
      expect(pageTexts(language).orderConfirmed).toBe('La commande n° {orderNumber} est confirmée.');
    }
    for (const language of ['en-US', 'de-DE', 'fry', undefined]) {
      expect(cartTexts(language)).toBe(CART_TEXTS);
      expect(checkoutTexts(language)).toBe(CHECKOUT_TEXTS);
      expect(checkoutChecks(language).cardNumberInvalid).toBe(CHECKOUT_MESSAGES.cardNumberInvalid);
      expect(pageTexts(language).editForm).toBe(STOREFRONT_TEXTS.editForm);
    }
  });

  it('translates every word with the same placeholders as English', () => {
    for (const [english, french] of [
      [CART_TEXTS, CART_TEXTS_FR],
      [CHECKOUT_TEXTS, CHECKOUT_TEXTS_FR],
    ] as const) {
      expect(Object.keys(french).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) expect(placeholders((french as Record<string, string>)[key]!), key).toEqual(placeholders(text));
    }
  });
});
