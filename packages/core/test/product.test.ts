import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADD_TO_CART_LABELS,
  AFTERPAY_LOCALES,
  CLEARPAY_LOCALES,
  DEFAULT_NUM_INSTALLMENTS,
  PERIODS_PER_YEAR,
  QUANTITY_INPUT,
  US_AND_TERRITORIES,
  addToCartLabel,
  canSellSubscription,
  defaultSubscriptionPriceTemplate,
  hasVariedPrices,
  installmentAmountCents,
  installmentBadgeText,
  installmentLocaleFor,
  isInstallmentEligible,
  isInstallmentInRange,
  isOnSale,
  isSoldOut,
  parseSubscriptionPlan,
  productStatus,
  scarcityText,
  showQuantityInput,
  splitInstallments,
  subscriptionDuration,
  subscriptionPriceKey,
  subscriptionPriceText,
  totalStock,
  usesAdditionalFieldsForm,
  type SubscriptionPlan,
} from '../src/product/index.js';

const plan = (unit: 'WEEK' | 'MONTH' | 'YEAR', value: number, numBillingCycles = 0): SubscriptionPlan => ({
  billingPeriod: { unit, value },
  numBillingCycles,
});

describe('product display status', () => {
  it('is sold out for physical and service products without an available variant', () => {
    for (const productType of [1, 3]) {
      expect(isSoldOut({ productType, variants: [] })).toBe(true);
      expect(isSoldOut({ productType, variants: [{ qtyInStock: 0 }, { qtyInStock: '0' }] })).toBe(true);
      expect(isSoldOut({ productType, variants: [{ qtyInStock: 0 }, { qtyInStock: 1 }] })).toBe(false);
      expect(isSoldOut({ productType, variants: [{ qtyInStock: 0, unlimited: true }] })).toBe(false);
    }
  });

  it('never calls digital products, gift cards or paywalls sold out', () => {
    for (const productType of [2, 4, 5]) expect(isSoldOut({ productType, variants: [{ qtyInStock: 0 }] })).toBe(false);
  });

  it('is on sale when any variant is, or the digital item is; never for gift cards', () => {
    expect(isOnSale({ productType: 1, variants: [{}, { onSale: true }] })).toBe(true);
    expect(isOnSale({ productType: 3, variants: [{ onSale: false }] })).toBe(false);
    expect(isOnSale({ productType: 2, onSale: true })).toBe(true);
    expect(isOnSale({ productType: 2, variants: [{ onSale: true }] })).toBe(false);
    expect(isOnSale({ productType: 4, variants: [{ onSale: true }] })).toBe(false);
  });

  it('lets sold out take precedence over sale', () => {
    expect(productStatus({ productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] })).toBe('sold-out');
    expect(productStatus({ productType: 1, variants: [{ onSale: true, qtyInStock: 4 }] })).toBe('sale');
    expect(productStatus({ productType: 1, variants: [{ qtyInStock: 4 }] })).toBeNull();
  });

  it('adds up total stock, unlimited being infinite', () => {
    expect(totalStock({ productType: 1, variants: [{ qtyInStock: 2 }, { qtyInStock: 3 }, { qtyInStock: -1 }] })).toBe(5);
    expect(totalStock({ productType: 1, variants: [{ qtyInStock: 2 }, { unlimited: true }] })).toBe(Infinity);
    expect(totalStock({ productType: 2 })).toBe(Infinity);
  });
});

describe('varied prices', () => {
  it('differ in onSale, price, or a sale price in effect', () => {
    expect(hasVariedPrices({ variants: [{ price: 100 }, { price: 200 }] })).toBe(true);
    expect(hasVariedPrices({ variants: [{ price: 100 }, { price: 100, onSale: true }] })).toBe(true);
    expect(
      hasVariedPrices({
        variants: [
          { onSale: true, salePrice: 5 },
          { onSale: true, salePrice: 6 },
        ],
      }),
    ).toBe(true);
    expect(hasVariedPrices({ variants: [{ salePrice: 5 }, { salePrice: 6 }] })).toBe(false);
    expect(hasVariedPrices({ variants: [{ price: 100 }, { price: '100' }] })).toBe(false);
    expect(hasVariedPrices({ variants: [{ price: 100 }] })).toBe(false);
    expect(hasVariedPrices({})).toBe(false);
  });
});

describe('quantity input', () => {
  it('has min 1, max 9999, step 1, default 1 and the label Quantity', () => {
    expect(QUANTITY_INPUT).toEqual({ min: 1, max: 9999, step: 1, defaultValue: 1, label: 'Quantity' });
  });

  it('shows for physical products and services with total stock above 1, not subscribable', () => {
    expect(showQuantityInput({ productType: 1, variants: [{ qtyInStock: 2 }] })).toBe(true);
    expect(showQuantityInput({ productType: 1, variants: [{ qtyInStock: 1 }] })).toBe(false);
    expect(showQuantityInput({ productType: 1, variants: [{ unlimited: true }] })).toBe(true);
    expect(showQuantityInput({ productType: 1, isSubscribable: true, variants: [{ qtyInStock: 5 }] })).toBe(false);
    expect(showQuantityInput({ productType: 3, variants: [{ qtyInStock: 5 }] })).toBe(true);
    expect(showQuantityInput({ productType: 3, variants: [{ qtyInStock: 5 }] }, { allowMultipleQuantityForServices: false })).toBe(false);
    expect(showQuantityInput({ productType: 2 })).toBe(false);
    expect(showQuantityInput({ productType: 4, variants: [{ unlimited: true }] })).toBe(false);
  });
});

describe('add-to-cart label', () => {
  it('uses the custom label, then Subscribe, then the default', () => {
    expect(addToCartLabel({ useCustomAddButtonText: true, customAddButtonText: 'Add This' })).toBe('Add This');
    expect(addToCartLabel({ useCustomAddButtonText: false, customAddButtonText: 'Add This' })).toBe('Add To Cart');
    expect(addToCartLabel({ useCustomAddButtonText: true, customAddButtonText: '' })).toBe('Add To Cart');
    expect(addToCartLabel({ isSubscribable: true })).toBe('Subscribe');
    expect(addToCartLabel({ isSubscribable: true, useCustomAddButtonText: true, customAddButtonText: 'Join' })).toBe('Join');
    expect(addToCartLabel({}, { localizedStrings: { productAddToCartText: 'ADD ITEM' } })).toBe('ADD ITEM');
    expect(addToCartLabel({ isSubscribable: true }, { localizedStrings: { productSubscribeText: 'SUBSCRIBE' } })).toBe('SUBSCRIBE');
  });

  it('uses the storefront labels in the storefront', () => {
    expect(addToCartLabel({}, { surface: 'storefront' })).toBe('Add to Cart');
    expect(addToCartLabel({}, { surface: 'storefront', expressCheckout: true })).toBe('Purchase');
    expect(addToCartLabel({ isSubscribable: true }, { surface: 'storefront', expressCheckout: true })).toBe('Subscribe');
    expect(ADD_TO_CART_LABELS).toEqual({
      snippetDefault: 'Add To Cart',
      storefrontDefault: 'Add to Cart',
      subscribe: 'Subscribe',
      expressCheckout: 'Purchase',
    });
  });

  it('opens the additional-fields form only when the form is present', () => {
    expect(usesAdditionalFieldsForm({ additionalFieldsFormId: 'f', additionalFieldsForm: { fields: [] } })).toBe(true);
    expect(usesAdditionalFieldsForm({ additionalFieldsFormId: 'f' })).toBe(false);
    expect(usesAdditionalFieldsForm({})).toBe(false);
  });
});

describe('subscriptions', () => {
  it('sell only physical and service products', () => {
    expect([1, 2, 3, 4, 5, '1', '3'].map(canSellSubscription)).toEqual([true, false, true, false, false, true, true]);
  });

  it('parse plans and reject unusable ones', () => {
    expect(parseSubscriptionPlan({ billingPeriod: { unit: 'week', value: '2' } })).toEqual(plan('WEEK', 2, 0));
    expect(parseSubscriptionPlan({ billingPeriod: { unit: 'MONTH', value: 1 }, numBillingCycles: 6 })).toEqual(plan('MONTH', 1, 6));
    expect(parseSubscriptionPlan({ billingPeriod: { unit: 'DAY', value: 1 } })).toBeUndefined();
    expect(parseSubscriptionPlan({ billingPeriod: { unit: 'WEEK', value: 0 } })).toBeUndefined();
    expect(parseSubscriptionPlan({ billingPeriod: { unit: 'WEEK', value: 1.5 } })).toBeUndefined();
    expect(parseSubscriptionPlan({})).toBeUndefined();
    expect(parseSubscriptionPlan(null)).toBeUndefined();
  });

  it('show durations that divide evenly in years', () => {
    expect(PERIODS_PER_YEAR).toEqual({ WEEK: 52, MONTH: 12, YEAR: 1 });
    expect(subscriptionDuration(plan('WEEK', 1, 0))).toBeUndefined();
    expect(subscriptionDuration(plan('WEEK', 1, 52))).toEqual({ value: 1, unit: 'YEAR' });
    expect(subscriptionDuration(plan('WEEK', 12, 13))).toEqual({ value: 3, unit: 'YEAR' });
    expect(subscriptionDuration(plan('WEEK', 2, 13))).toEqual({ value: 26, unit: 'WEEK' });
    expect(subscriptionDuration(plan('MONTH', 3, 4))).toEqual({ value: 1, unit: 'YEAR' });
    expect(subscriptionDuration(plan('MONTH', 2, 13))).toEqual({ value: 26, unit: 'MONTH' });
    expect(subscriptionDuration(plan('YEAR', 2, 3))).toEqual({ value: 6, unit: 'YEAR' });
  });

  it('key their localized strings as the page context does', () => {
    expect(subscriptionPriceKey(plan('WEEK', 1), false)).toBe('productPrice__singlePrice__1Weekly__indefinite');
    expect(subscriptionPriceKey(plan('WEEK', 2, 1), true)).toBe('productPrice__multiplePrices__nWeekly__limited__nWeeks');
    expect(subscriptionPriceKey(plan('WEEK', 1, 1), false)).toBe('productPrice__singlePrice__1Weekly__limited__1Weeks');
    expect(subscriptionPriceKey(plan('WEEK', 1, 52), false)).toBe('productPrice__singlePrice__1Weekly__limited__1Years');
    expect(subscriptionPriceKey(plan('MONTH', 3, 1), false)).toBe('productPrice__singlePrice__nMonthly__limited__nMonths');
    expect(subscriptionPriceKey(plan('YEAR', 1, 1), false)).toBe('productPrice__singlePrice__1Yearly__limited__1Years');
  });

  it('write the English texts', () => {
    const t = (p: SubscriptionPlan, multiple = false) => subscriptionPriceText(p, '$10.00', { multiplePrices: multiple });
    expect(t(plan('WEEK', 1))).toBe('$10.00 every week');
    expect(t(plan('WEEK', 1, 1))).toBe('$10.00 every week for 1 week');
    expect(t(plan('WEEK', 3, 52))).toBe('$10.00 every 3 weeks for 3 years');
    expect(t(plan('MONTH', 52, 6))).toBe('$10.00 every 52 months for 26 years');
    expect(t(plan('MONTH', 52, 13))).toBe('$10.00 every 52 months for 676 months');
    expect(t(plan('YEAR', 1))).toBe('$10.00 every year');
    expect(t(plan('YEAR', 2, 1))).toBe('$10.00 every 2 years for 2 years');
    expect(t(plan('MONTH', 1, 6), true)).toBe('from $10.00 every month for 6 months');
    expect(defaultSubscriptionPriceTemplate(plan('WEEK', 2, 3), false)).toBe('{price} every {billingPeriodValue} weeks for {duration} weeks');
  });

  it('insert a price holding $ patterns literally', () => {
    expect(subscriptionPriceText(plan('WEEK', 1), "$&$'")).toBe("$&$' every week");
  });
});

describe('installments', () => {
  it('are eligible only when every cart item is physical', () => {
    expect(isInstallmentEligible([{ productType: 1 }, { productType: '1' }])).toBe(true);
    expect(isInstallmentEligible([{ productType: 1 }, { productType: 2 }])).toBe(false);
    expect(isInstallmentEligible([])).toBe(false);
  });

  it('are in range above the minimum and at most the maximum', () => {
    const range = { minCents: 100, maxCents: 200000 };
    expect(isInstallmentInRange(100, range)).toBe(false);
    expect(isInstallmentInRange(101, range)).toBe(true);
    expect(isInstallmentInRange(200000, range)).toBe(true);
    expect(isInstallmentInRange(200001, range)).toBe(false);
  });

  it('split without losing a cent', () => {
    expect(DEFAULT_NUM_INSTALLMENTS).toBe(4);
    expect(splitInstallments(2000)).toEqual([500, 500, 500, 500]);
    expect(splitInstallments(1999)).toEqual([500, 500, 500, 499]);
    expect(splitInstallments(2001)).toEqual([501, 500, 500, 500]);
    expect(splitInstallments(1)).toEqual([1, 0, 0, 0]);
    expect(installmentAmountCents(1999)).toBe(500);
    expect(() => splitInstallments(-1)).toThrow(RangeError);
    expect(() => splitInstallments(100, 0)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 12 }), (total, n) => {
        const parts = splitInstallments(total, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('write the badge texts', () => {
    const base = { minCents: 100, maxCents: 200000, formatAmount: (c: number) => `$${(c / 100).toFixed(2)}` };
    expect(installmentBadgeText({ ...base, priceCents: 1999 })).toBe('4 interest-free payments of $5.00');
    expect(installmentBadgeText({ ...base, priceCents: 3000, numInstallments: 3 })).toBe('3 interest-free payments of $10.00');
    expect(installmentBadgeText({ ...base, priceCents: 300000 })).toBe('available for orders up to $2000.00');
    expect(installmentBadgeText({ ...base, priceCents: 100 })).toBe('available for orders over $1.00');
    // In the page's language when its texts are given.
    const texts = { inRange: '{numInstallments} paiements sans frais de {amount}', over: 'disponible pour les commandes de plus de {amount}' };
    expect(installmentBadgeText({ ...base, priceCents: 1999, texts })).toBe('4 paiements sans frais de $5.00');
    expect(installmentBadgeText({ ...base, priceCents: 100, texts })).toBe('disponible pour les commandes de plus de $1.00');
    expect(installmentBadgeText({ ...base, priceCents: 300000, texts })).toBe('available for orders up to $2000.00');
  });

  it('know their providers, locales and countries', () => {
    expect(AFTERPAY_LOCALES).toEqual(['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ']);
    expect(CLEARPAY_LOCALES).toEqual(['en_GB']);
    expect(US_AND_TERRITORIES).toEqual(['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM']);
    expect(installmentLocaleFor('CA', 'fr')).toBe('fr_CA');
    expect(installmentLocaleFor('CA', 'de')).toBe('en_CA');
    expect(installmentLocaleFor('GU')).toBe('en_US');
    expect(installmentLocaleFor('GB')).toBe('en_GB');
    expect(installmentLocaleFor('AU')).toBe('en_AU');
    expect(installmentLocaleFor('FR', 'fr')).toBeNull();
  });
});

describe('scarcity', () => {
  it('fills both placeholders', () => {
    expect(scarcityText('Only {qtyInStock} left!', 3)).toBe('Only 3 left!');
    expect(scarcityText('Only {quantity} left in stock', 2)).toBe('Only 2 left in stock');
  });
});
