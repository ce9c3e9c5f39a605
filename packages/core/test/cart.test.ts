import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADD_TO_CART_DIALOG_TITLES,
  CART_MESSAGES,
  addToCartDialogTitle,
  cartEntryFailureMessage,
  computeCartTotals,
  findVariant,
  hasEnoughStock,
  isCouponApplicable,
  isCouponInDates,
  isInStockForForm,
  meetsMinimumSubtotal,
  minimumSubtotalMessage,
  parseQuantity,
  pillCartLabel,
  taxRuleFor,
  unselectedOptionsMessage,
  validateAddToCart,
  variantOptionNames,
} from '../src/cart/index.js';

describe('messages', () => {
  it('are the spec texts', () => {
    expect(CART_MESSAGES.variantUnavailable).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    expect(CART_MESSAGES.outOfStock).toBe('Sorry, we do not have enough of that item available.');
    expect(CART_MESSAGES.quantityNotANumber).toBe('Quantity must be a number.');
    expect(CART_MESSAGES.quantityNotWhole).toBe('Quantity must be a whole number.');
    expect(CART_MESSAGES.giftCardDenominationRequired).toBe('Select a denomination for the Gift Card.');
    expect(CART_MESSAGES.unableToUpdateQuantity).toBe('Unable to update quantity');
    expect(CART_MESSAGES.unableToUpdateForm).toBe('Unable to update form');
    expect(CART_MESSAGES.unableToOpenForm).toBe('Unable to open form');
    expect(CART_MESSAGES.unableToRemoveItem).toBe('Unable to remove item');
    expect(CART_MESSAGES.checkInternetConnection).toBe('Please check your internet connection.');
    expect(CART_MESSAGES.updateMissingInformation).toBe('Update the missing or invalid information above.');
  });

  it('name unselected options with their joining', () => {
    expect(unselectedOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(unselectedOptionsMessage(['Size', 'Color'])).toBe('Please select the Size and Color options.');
    expect(unselectedOptionsMessage(['Size', 'Color', 'Material'])).toBe('Please select the Size, Color and Material options.');
    expect(unselectedOptionsMessage(['A', 'B', 'C', 'D'])).toBe('Please select the A, B, C and D options.');
    expect(() => unselectedOptionsMessage([])).toThrow(RangeError);
  });

  it('title the dialog by kind', () => {
    expect(addToCartDialogTitle('default')).toBe('Unable to Add Item');
    expect(addToCartDialogTitle('expressCheckout')).toBe('Unable to Purchase Item');
    expect(addToCartDialogTitle('giftCard')).toBe('Unable to purchase Gift Card');
    expect(Object.keys(ADD_TO_CART_DIALOG_TITLES)).toHaveLength(3);
  });

  it('turn a failed cart call into its message', () => {
    expect(cartEntryFailureMessage({ status: 403, crumbFail: true, cookiesEnabled: true })).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
    expect(cartEntryFailureMessage({ status: 403, crumbFail: true, cookiesEnabled: false })).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
    expect(cartEntryFailureMessage({ status: 429, cookiesEnabled: true, message: 'Too many' })).toBe('Please try again in a few seconds.');
    expect(cartEntryFailureMessage({ status: 400, cookiesEnabled: true, message: 'Server says no' })).toBe('Server says no');
    expect(cartEntryFailureMessage({ status: 0, cookiesEnabled: true })).toBe('Please check your internet connection.');
  });

  it('state the minimum subtotal', () => {
    expect(minimumSubtotalMessage('$25.00')).toBe('To check out, your order subtotal must be $25.00 or more.');
    expect(minimumSubtotalMessage('$&')).toBe('To check out, your order subtotal must be $& or more.');
    expect(meetsMinimumSubtotal(2499, 2500)).toBe(false);
    expect(meetsMinimumSubtotal(2500, 2500)).toBe(true);
    expect(meetsMinimumSubtotal(0, 0)).toBe(true);
  });

  it('label the pill cart', () => {
    expect(pillCartLabel(0)).toEqual({ hidden: true, count: '0', noun: 'items' });
    expect(pillCartLabel(1)).toEqual({ hidden: false, count: '1', noun: 'item' });
    expect(pillCartLabel(2)).toEqual({ hidden: false, count: '2', noun: 'items' });
    expect(pillCartLabel(100)).toEqual({ hidden: false, count: '100', noun: 'items' });
    expect(pillCartLabel(101)).toEqual({ hidden: false, count: '100+', noun: 'items' });
    expect(pillCartLabel(Number.NaN).hidden).toBe(true);
  });
});

describe('quantity', () => {
  it('parses numbers and text, within 1..9999', () => {
    expect(parseQuantity(2)).toEqual({ ok: true, quantity: 2 });
    expect(parseQuantity(' 12 ')).toEqual({ ok: true, quantity: 12 });
    expect(parseQuantity('9999')).toEqual({ ok: true, quantity: 9999 });
    expect(parseQuantity('abc')).toMatchObject({ ok: false, code: 'QUANTITY_NOT_A_NUMBER', message: 'Quantity must be a number.' });
    expect(parseQuantity('')).toMatchObject({ code: 'QUANTITY_NOT_A_NUMBER' });
    expect(parseQuantity(null)).toMatchObject({ code: 'QUANTITY_NOT_A_NUMBER' });
    expect(parseQuantity('1,5')).toMatchObject({ code: 'QUANTITY_NOT_A_NUMBER' });
    expect(parseQuantity(Infinity)).toMatchObject({ code: 'QUANTITY_NOT_A_NUMBER' });
    expect(parseQuantity('1.5')).toMatchObject({ ok: false, code: 'QUANTITY_NOT_WHOLE', message: 'Quantity must be a whole number.' });
    expect(parseQuantity(0)).toMatchObject({ code: 'QUANTITY_OUT_OF_RANGE' });
    expect(parseQuantity(10000)).toMatchObject({ code: 'QUANTITY_OUT_OF_RANGE' });
    expect(parseQuantity(-1)).toMatchObject({ code: 'QUANTITY_OUT_OF_RANGE' });
  });
});

describe('stock', () => {
  it('checks a form button: unlimited, or stock above what the cart holds', () => {
    expect(isInStockForForm({ unlimited: true, qtyInStock: 0 }, 5)).toBe(true);
    expect(isInStockForForm({ qtyInStock: 3 }, 2)).toBe(true);
    expect(isInStockForForm({ qtyInStock: 3 }, 3)).toBe(false);
    expect(isInStockForForm({ qtyInStock: 0 }, 0)).toBe(false);
  });

  it('checks an add against stock and cart', () => {
    expect(hasEnoughStock({ qtyInStock: 3 }, 1, 2)).toBe(true);
    expect(hasEnoughStock({ qtyInStock: 3 }, 2, 2)).toBe(false);
    expect(hasEnoughStock({ unlimited: true }, 9999, 9999)).toBe(true);
  });
});

describe('add to cart validation', () => {
  const shirt = {
    productType: 1,
    variantOptionOrdering: ['Size', 'Color', 'Fit'],
    variants: [
      { sku: 'S-RED-SLIM', attributes: { Size: 'S', Color: 'Red', Fit: 'Slim' }, qtyInStock: 2 },
      { sku: 'M-RED-SLIM', attributes: { Size: 'M', Color: 'Red', Fit: 'Slim' }, qtyInStock: 0 },
    ],
  };

  it('names unselected options in the product order', () => {
    expect(validateAddToCart({ product: shirt, chosenOptions: { Color: 'Red' } })).toMatchObject({
      code: 'OPTIONS_NOT_SELECTED',
      message: 'Please select the Size and Fit options.',
    });
    expect(validateAddToCart({ product: shirt })).toMatchObject({ message: 'Please select the Size, Color and Fit options.' });
    expect(validateAddToCart({ product: shirt, chosenOptions: { Size: '', Color: 'Red', Fit: 'Slim' } })).toMatchObject({
      message: 'Please select the Size option.',
    });
  });

  it('finds the variant, or says it is unavailable', () => {
    const ok = validateAddToCart({ product: shirt, chosenOptions: { Size: 'S', Color: 'Red', Fit: 'Slim' } });
    expect(ok).toMatchObject({ ok: true, quantity: 1, variant: { sku: 'S-RED-SLIM' } });
    expect(validateAddToCart({ product: shirt, chosenOptions: { Size: 'L', Color: 'Red', Fit: 'Slim' } })).toMatchObject({
      code: 'VARIANT_UNAVAILABLE',
    });
    expect(validateAddToCart({ product: shirt, sku: 'NOPE' })).toMatchObject({ code: 'VARIANT_UNAVAILABLE' });
    expect(validateAddToCart({ product: shirt, sku: 'S-RED-SLIM', quantity: '2' })).toMatchObject({ ok: true, quantity: 2 });
  });

  it('checks the quantity, then the stock counting the cart', () => {
    expect(validateAddToCart({ product: shirt, sku: 'S-RED-SLIM', quantity: '1.5' })).toMatchObject({ code: 'QUANTITY_NOT_WHOLE' });
    expect(validateAddToCart({ product: shirt, sku: 'S-RED-SLIM', quantity: 'x' })).toMatchObject({ code: 'QUANTITY_NOT_A_NUMBER' });
    expect(validateAddToCart({ product: shirt, sku: 'S-RED-SLIM', quantity: 3 })).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(validateAddToCart({ product: shirt, sku: 'S-RED-SLIM', quantity: 1, quantityInCart: 2 })).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Sorry, we do not have enough of that item available.',
    });
    expect(validateAddToCart({ product: shirt, sku: 'M-RED-SLIM' })).toMatchObject({ code: 'OUT_OF_STOCK' });
  });

  it('asks for a gift card denomination', () => {
    const giftCard = {
      productType: 4,
      variants: [
        { sku: 'G25', attributes: { Value: '25' } },
        { sku: 'G50', attributes: { Value: '50' } },
      ],
    };
    expect(validateAddToCart({ product: giftCard })).toMatchObject({
      code: 'GIFT_CARD_DENOMINATION_REQUIRED',
      message: 'Select a denomination for the Gift Card.',
    });
    expect(validateAddToCart({ product: giftCard, sku: '' })).toMatchObject({ code: 'GIFT_CARD_DENOMINATION_REQUIRED' });
    expect(validateAddToCart({ product: giftCard, chosenOptions: { Value: '50' }, quantity: 9999 })).toMatchObject({ ok: true, variant: { sku: 'G50' } });
  });

  it('takes a product with one plain variant without options', () => {
    const ebook = { productType: 2, variants: [{ sku: 'EBOOK' }] };
    expect(validateAddToCart({ product: ebook, quantity: 5 })).toMatchObject({ ok: true, variant: { sku: 'EBOOK' }, quantity: 5 });
  });

  it('sells subscriptions only for physical and service products', () => {
    const ebook = { productType: 2, variants: [{ sku: 'EBOOK' }] };
    expect(validateAddToCart({ product: ebook, subscription: true })).toMatchObject({ code: 'SUBSCRIPTION_NOT_ALLOWED' });
    expect(validateAddToCart({ product: shirt, sku: 'S-RED-SLIM', subscription: true })).toMatchObject({ ok: true });
  });

  it('lists option names and matches variants', () => {
    expect(variantOptionNames({ variants: [{ attributes: { A: '1', B: '2' } }, { attributes: { B: '3', C: '4' } }] })).toEqual(['A', 'B', 'C']);
    expect(findVariant(shirt, { Size: 'S', Color: 'Red', Fit: 'Slim' })?.sku).toBe('S-RED-SLIM');
    expect(findVariant(shirt, { Size: 'S', Color: 'Red' })).toBeUndefined();
  });
});

describe('cart totals', () => {
  const physical = (unitPriceCents: number, quantity = 1) => ({ unitPriceCents, quantity, productType: 1 });
  const digital = (unitPriceCents: number, quantity = 1) => ({ unitPriceCents, quantity, productType: 2 });

  it('sums entries and quantities', () => {
    const t = computeCartTotals({ entries: [physical(1999, 2), digital(500, 3)] });
    expect(t).toMatchObject({
      entrySubtotalsCents: [3998, 1500],
      subtotalCents: 5498,
      discountCents: 0,
      shippingCostCents: 0,
      taxCents: 0,
      grandTotalCents: 5498,
      totalQuantity: 5,
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
    });
  });

  it('is empty for an empty cart', () => {
    expect(computeCartTotals({ entries: [] })).toMatchObject({
      subtotalCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
    });
  });

  it('applies percent and fixed coupons, capped at the subtotal', () => {
    const t = computeCartTotals({
      entries: [physical(1999)],
      coupons: [
        { code: 'TEN', percentOff: 10 },
        { code: 'FIVE', amountOffCents: 500 },
        { code: 'BAD', percentOff: 0 },
        { code: 'BIG', amountOffCents: 100, minSubtotalCents: 5000 },
      ],
    });
    expect(t.discountCents).toBe(200 + 500); // 10% of 19.99 = 1.999 -> 2.00
    expect(t.validCoupons.map((c) => c.code)).toEqual(['TEN', 'FIVE']);
    expect(t.invalidCoupons.map((c) => c.code)).toEqual(['BAD', 'BIG']);
    expect(computeCartTotals({ entries: [physical(300)], coupons: [{ code: 'X', amountOffCents: 500 }] }).discountCents).toBe(300);
    expect(computeCartTotals({ entries: [physical(1000)], coupons: [{ code: 'H', percentOff: 12.5 }] }).discountCents).toBe(125);
    expect(computeCartTotals({ entries: [physical(1)], coupons: [{ code: 'H', percentOff: 50 }] }).discountCents).toBe(1);
  });

  it('rejects malformed coupons', () => {
    expect(isCouponApplicable({ code: 'A', percentOff: 101 }, 100)).toBe(false);
    expect(isCouponApplicable({ code: 'A', percentOff: 10.555 }, 100)).toBe(false);
    expect(isCouponApplicable({ code: 'A', percentOff: 10, amountOffCents: 5 }, 100)).toBe(false);
    expect(isCouponApplicable({ code: 'A' }, 100)).toBe(false);
    expect(isCouponApplicable({ code: 'A', amountOffCents: 1.5 }, 100)).toBe(false);
    expect(isCouponApplicable({ code: 'A', amountOffCents: 1, minSubtotalCents: 100 }, 100)).toBe(true);
  });

  it('applies a free-shipping coupon, alone or beside a reduction, only where something ships', () => {
    const option = { priceCents: 600, freeOverCents: 7500 };
    const free = { code: 'SHIPFREE', freeShipping: true };
    expect(computeCartTotals({ entries: [physical(2000)], coupons: [free], shippingOption: option })).toMatchObject({
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 2000,
      validCoupons: [free],
    });
    const both = computeCartTotals({ entries: [physical(2000)], coupons: [free, { code: 'TEN', percentOff: 10 }], shippingOption: option });
    expect(both).toMatchObject({ shippingCostCents: 0, discountCents: 200, grandTotalCents: 1800 });
    // Under its minimum, it does not apply and shipping is charged.
    const under = computeCartTotals({ entries: [physical(2000)], coupons: [{ ...free, minSubtotalCents: 5000 }], shippingOption: option });
    expect(under).toMatchObject({ shippingCostCents: 600, invalidCoupons: [{ code: 'SHIPFREE' }] });
    // One kind of reduction per coupon: free shipping with a percentage is malformed.
    expect(isCouponApplicable({ code: 'A', freeShipping: true, percentOff: 10 }, 100)).toBe(false);
    expect(isCouponApplicable({ code: 'A', freeShipping: false }, 100)).toBe(false);
  });

  it('applies a coupon only within its dates when the totals are for an instant', () => {
    const coupon = { code: 'SPRING', percentOff: 10, startsOn: Date.parse('2025-03-01T05:00:00Z'), endsOn: Date.parse('2025-04-01T04:00:00Z') };
    const at = (iso: string) => computeCartTotals({ entries: [physical(1000)], coupons: [coupon], now: Date.parse(iso) });
    expect(at('2025-02-28T23:59:59Z')).toMatchObject({ discountCents: 0, invalidCoupons: [coupon] });
    expect(at('2025-03-01T05:00:00Z')).toMatchObject({ discountCents: 100, validCoupons: [coupon] });
    expect(at('2025-04-01T03:59:59Z').discountCents).toBe(100);
    // The end is exclusive.
    expect(at('2025-04-01T04:00:00Z').discountCents).toBe(0);
    // Without an instant, dates are not checked (a caller that has no clock).
    expect(computeCartTotals({ entries: [physical(1000)], coupons: [coupon] }).discountCents).toBe(100);
    expect(isCouponInDates({ startsOn: 10 }, 9)).toBe(false);
    expect(isCouponInDates({ endsOn: 10 }, 9)).toBe(true);
  });

  it('charges shipping only when something ships, free over the threshold', () => {
    const option = { priceCents: 600, freeOverCents: 7500 };
    expect(computeCartTotals({ entries: [physical(5000)], shippingOption: option }).shippingCostCents).toBe(600);
    expect(computeCartTotals({ entries: [physical(7500)], shippingOption: option }).shippingCostCents).toBe(0);
    expect(computeCartTotals({ entries: [physical(8000)], coupons: [{ code: 'T', percentOff: 10 }], shippingOption: option }).shippingCostCents).toBe(600);
    expect(computeCartTotals({ entries: [digital(5000)], shippingOption: option })).toMatchObject({
      shippingCostCents: 0,
      requiresShipping: false,
      purelyDigital: true,
    });
    expect(computeCartTotals({ entries: [{ unitPriceCents: 100, quantity: 1, productType: 3 }], shippingOption: option })).toMatchObject({
      shippingCostCents: 0,
      requiresShipping: false,
      purelyDigital: false,
    });
    expect(computeCartTotals({ entries: [{ unitPriceCents: 100, quantity: 1, productType: 4 }] }).purelyDigital).toBe(true);
  });

  it('taxes the discounted subtotal in basis points, rounded half up once', () => {
    const t = computeCartTotals({
      entries: [physical(1999, 3)],
      coupons: [{ code: 'F', amountOffCents: 997 }],
      shippingOption: { priceCents: 600 },
      taxRule: { rateBasisPoints: 887 },
    });
    expect(t.subtotalCents).toBe(5997);
    expect(t.discountCents).toBe(997);
    expect(t.taxCents).toBe(444); // 5000 x 8.87% = 443.5, rounded half up
    expect(t.grandTotalCents).toBe(5000 + 600 + 444);
    expect(computeCartTotals({ entries: [physical(4999)], taxRule: { rateBasisPoints: 1000 } }).taxCents).toBe(500); // 499.9
    expect(computeCartTotals({ entries: [physical(4994)], taxRule: { rateBasisPoints: 1000 } }).taxCents).toBe(499); // 499.4
    const withShipping = computeCartTotals({
      entries: [physical(1000)],
      shippingOption: { priceCents: 1000 },
      taxRule: { rateBasisPoints: 1000, appliesToShipping: true },
    });
    expect(withShipping.taxCents).toBe(200);
  });

  it('rejects amounts that are not whole minor units', () => {
    expect(() => computeCartTotals({ entries: [physical(19.99)] })).toThrow(RangeError);
    expect(() => computeCartTotals({ entries: [physical(100, 0)] })).toThrow(RangeError);
    expect(() => computeCartTotals({ entries: [physical(Number.MAX_SAFE_INTEGER, 2)] })).toThrow(RangeError);
    expect(() => computeCartTotals({ entries: [physical(100)], taxRule: { rateBasisPoints: 8.5 } })).toThrow(RangeError);
  });

  it('always agrees with its entries', () => {
    const entry = fc.record({
      unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
      quantity: fc.integer({ min: 1, max: 9999 }),
      productType: fc.constantFrom(1, 2, 3, 4),
    });
    const coupon = fc.oneof(
      fc.record({ code: fc.constant('P'), percentOff: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ code: fc.constant('A'), amountOffCents: fc.integer({ min: 1, max: 100_000 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 20 }),
        fc.array(coupon, { maxLength: 3 }),
        fc.option(fc.record({ priceCents: fc.integer({ min: 0, max: 5000 }), freeOverCents: fc.option(fc.integer({ min: 0, max: 100_000 })) })),
        fc.option(fc.record({ rateBasisPoints: fc.integer({ min: 0, max: 3000 }), appliesToShipping: fc.boolean() })),
        (entries, coupons, shippingOption, taxRule) => {
          const t = computeCartTotals({ entries, coupons, shippingOption, taxRule });
          expect(t.subtotalCents).toBe(entries.reduce((a, e) => a + e.unitPriceCents * e.quantity, 0));
          expect(t.entrySubtotalsCents.reduce((a, b) => a + b, 0)).toBe(t.subtotalCents);
          expect(t.totalQuantity).toBe(entries.reduce((a, e) => a + e.quantity, 0));
          expect(t.discountCents).toBeGreaterThanOrEqual(0);
          expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
          expect(t.grandTotalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCostCents + t.taxCents);
          for (const v of [t.shippingCostCents, t.taxCents, t.grandTotalCents]) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
          if (!t.requiresShipping) expect(t.shippingCostCents).toBe(0);
        },
      ),
    );
  });
});

describe('tax rule for a location', () => {
  const rules = [
    { country: 'US', region: 'NY', rateBasisPoints: 887 },
    { country: 'US', rateBasisPoints: 500 },
    { country: 'CA', region: 'QC', rateBasisPoints: 1497 },
  ];

  it('prefers the region, then the whole country', () => {
    expect(taxRuleFor(rules, { country: 'us', region: 'ny' })?.rateBasisPoints).toBe(887);
    expect(taxRuleFor(rules, { country: 'US', region: 'CA' })?.rateBasisPoints).toBe(500);
    expect(taxRuleFor(rules, { country: 'CA', region: 'ON' })).toBeNull();
    expect(taxRuleFor(rules, { country: 'DE' })).toBeNull();
    expect(taxRuleFor(rules, null)).toBeNull();
  });
});
