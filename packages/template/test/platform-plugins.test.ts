// The platform tables (content, commerce, social, forms, locale): registration, robustness on any input,
// no mutation of the data, the markup contract shared with the storefront, and locale edge cases.

import { ADD_TO_CART_BUTTON, PRODUCT_VARIANTS, QUANTITY_INPUT_MARKUP, RESTOCK_NOTIFICATION, datasetKey } from '@tessera/core';
import { describe, expect, test } from 'vitest';
import { defaultFormatters, defaultPredicates, render } from '../src/index.js';
import {
  commerceFormatters,
  commercePredicates,
  contentFormatters,
  contentPredicates,
  formFormatters,
  i18nFormatters,
  socialFormatters,
} from '../src/plugins/index.js';

const PLATFORM_FORMATTERS = [
  'image',
  'image-meta',
  'child-image-meta',
  'cover-image-meta',
  'image-color',
  'image-srcset',
  'resizedHeightForWidth',
  'resizedWidthForHeight',
  'squarespaceThumbnailForWidth',
  'squarespaceThumbnailForHeight',
  'video',
  'audio-player',
  'item-classes',
  'comments',
  'comment-link',
  'comment-count',
  'like-button',
  'google-calendar-url',
  'timesince',
  'humanizeDuration',
  'humanize-duration',
  'capitalize',
  'AbsUrl',
  'activate-twitter-links',
  'color-weight',
  'website-color',
  'add-to-cart-btn',
  'product-price',
  'from-price',
  'normal-price',
  'sale-price',
  'subscription-price',
  'product-status',
  'product-checkout',
  'product-quick-view',
  'quantity-input',
  'variants-select',
  'variant-descriptor',
  'product-restock-notification',
  'product-scarcity',
  'summary-form-field',
  'money-format',
  'moneyFormat',
  'money-string',
  'bookkeeper-money-format',
  'percentage-format',
  'cart-quantity',
  'cart-subtotal',
  'cart-url',
  'social-button',
  'social-button-inline',
  'twitter-follow-button',
  'money',
  'i18n-money-format',
  'decimal',
  'datetime',
  'datetimefield',
  'datetime-interval',
  'relative-time',
  'message',
  'plural',
  'unit',
];

const PLATFORM_PREDICATES = [
  'collection?',
  'external-link?',
  'main-image?',
  'folder?',
  'location?',
  'excerpt?',
  'passthrough?',
  'show-past-events?',
  'background-source-video?',
  'record-type?',
  'calendar-view?',
  'gallery-design-grid?',
  'gallery-meta?',
  'comments?',
  'on-sale?',
  'sold-out?',
  'varied-prices?',
  'has-variants?',
  'has-multiple?',
  'subscribable?',
  'store-item?',
  'same-day?',
  'promotedIMAGE?',
  'child-images?',
  'index?',
  'redirect?',
  'units-metric?',
].filter((p) => p !== 'record-type?');

const PRODUCT = {
  id: 'p1',
  collectionId: 'c1',
  title: 'Hat',
  fullUrl: '/shop/hat',
  publicCommentCount: 2,
  commentState: 1,
  likeCount: 3,
  assetUrl: '/hat.jpg',
  originalSize: '800x600',
  systemDataVariants: '800x600,100w,300w',
  mediaFocalPoint: { x: 0.2, y: 0.4 },
  colorData: { topLeftAverage: 'aaa', centerAverage: 'bbb' },
  items: [{ assetUrl: '/a.jpg', title: 'A' }],
  coverImage: { assetUrl: '/c.jpg' },
  recordType: 11,
  startDate: 0,
  endDate: 3600000,
  structuredContent: {
    productType: 1,
    isSubscribable: false,
    variantOptionOrdering: ['size'],
    variants: [
      { attributes: { size: 'S' }, priceMoney: { value: '10', currency: 'USD' }, qtyInStock: 3, optionValues: [{ value: 'S' }] },
      {
        attributes: { size: 'M' },
        priceMoney: { value: '12', currency: 'USD' },
        onSale: true,
        salePriceMoney: { value: '9', currency: 'USD' },
        unlimited: true,
      },
    ],
  },
};

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object') {
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
    Object.freeze(v);
  }
  return v;
}

describe('platform tables', () => {
  test('every platform formatter and predicate is registered in the default tables', () => {
    for (const name of PLATFORM_FORMATTERS) expect(defaultFormatters, name).toHaveProperty([name]);
    for (const name of PLATFORM_PREDICATES) expect(defaultPredicates, name).toHaveProperty([name]);
  });

  test('each domain table holds its own names only once across the domains', () => {
    const tables = [commerceFormatters, contentFormatters, socialFormatters, formFormatters, i18nFormatters];
    const seen = new Set<string>();
    for (const t of tables)
      for (const name of Object.keys(t)) {
        expect(seen.has(name), name).toBe(false);
        seen.add(name);
      }
    for (const name of Object.keys(commercePredicates)) expect(contentPredicates).not.toHaveProperty([name]);
  });

  // Wrong types and missing fields never make a plugin throw (a throw would be INSTRUCTION_FAILED).
  test.each([undefined, null, 0, -1, 'text', true, [], [1, 2], {}, { structuredContent: 'x', items: 'y', options: 1 }])(
    'every platform formatter and predicate accepts %j',
    (value) => {
      for (const name of Object.keys(defaultFormatters)) {
        const r = render(`{v|${name}}{v|${name} 1 2}`, { v: value }, { now: 0 });
        expect(
          r.errors.filter((e) => e.code === 'INSTRUCTION_FAILED'),
          name,
        ).toEqual([]);
      }
      for (const name of Object.keys(defaultPredicates)) {
        const r = render(`{.section v}{.${name}}y{.or}n{.end}{.or}{.${name} a}y{.end}{.end}`, { v: value });
        expect(
          r.errors.filter((e) => e.code === 'INSTRUCTION_FAILED'),
          name,
        ).toEqual([]);
      }
    },
  );

  test('no formatter or predicate changes the data it reads', () => {
    const data = deepFreeze({
      item: structuredClone(PRODUCT),
      localizedStrings: { productAddToCartText: 'Buy' },
      productMerchandisingContext: {
        p1: {
          scarcityEnabled: true,
          scarcityText: '{qtyInStock} left',
          scarcityTemplateViews: [{ qtyInStock: 3 }],
          restockNotificationViews: [{ variantId: 1 }],
        },
      },
      websiteSettings: { simpleLikingEnabled: true, shareButtonOptions: { x: true } },
    });
    const before = JSON.stringify(data);
    for (const name of Object.keys(defaultFormatters)) {
      const r = render(`{item|${name}}`, data, { now: 0 });
      expect(
        r.errors.filter((e) => e.code === 'INSTRUCTION_FAILED'),
        name,
      ).toEqual([]);
    }
    for (const name of Object.keys(defaultPredicates)) render(`{.section item}{.${name}}y{.end}{.end}`, data);
    expect(JSON.stringify(data)).toBe(before);
  });
});

describe('markup contract', () => {
  const attributesOf = (html: string) => new Set([...html.matchAll(/\s(data-[a-z-]+)/g)].map((m) => m[1]));

  test('the add-to-cart button carries the contract attributes the storefront island reads', () => {
    const item = { ...PRODUCT, structuredContent: { ...PRODUCT.structuredContent, isSubscribable: true, productSubscriptionOptions: [{ id: 's1' }] } };
    const { output } = render('{item|add-to-cart-btn}', { item });
    const A = ADD_TO_CART_BUTTON.attributes;
    const attrs = attributesOf(output);
    for (const a of [A.itemId, A.collectionId, A.productType, A.useCustomLabel, A.isSubscription, A.originalLabel, A.subscriptionOptionId]) {
      expect(attrs, a).toContain(a);
    }
    expect(output).toContain(`class="${ADD_TO_CART_BUTTON.wrapperClass}"`);
    expect(output).toContain(`${A.itemId}="p1"`);
    expect(output).toContain(`${A.isSubscription}="true"`);
    expect(datasetKey(A.useCustomLabel)).toBe('useCustomLabel');
  });

  test('variants, quantity and restock markup use the contract names', () => {
    const data = { item: PRODUCT, productMerchandisingContext: { p1: { restockNotificationViews: [{ variantId: 'v' }] } } };
    const variants = render('{item|variants-select}', data).output;
    expect(variants).toContain(`class="${PRODUCT_VARIANTS.class}"`);
    expect(attributesOf(variants)).toContain(PRODUCT_VARIANTS.attributes.optionName);
    const quantity = render('{item|quantity-input}', data).output;
    expect(quantity).toContain(`class="${QUANTITY_INPUT_MARKUP.class}"`);
    const restock = render('{item|product-restock-notification}', data).output;
    expect(restock).toContain(`${RESTOCK_NOTIFICATION.attributes.variantId}="v"`);
    expect(restock).toContain(`name="${RESTOCK_NOTIFICATION.emailInputName}"`);
  });
});

describe('locale edge cases', () => {
  test('without a locale, bookkeeper money is empty and the other locale formatters use English', () => {
    const data = { c: 1999, m: { decimalValue: '5', currencyCode: 'EUR' } };
    expect(render('[{c|bookkeeper-money-format}] {m|money}', data, { locale: null }).output).toBe('[] €5.00');
  });

  test('invalid plural keys name the valid keys of the locale', () => {
    const r = render('{m|message 2}', { m: '{0 plural zero{z} one{o} other{x}}' }, { locale: 'fr-FR' });
    expect(r.output).toBe('x');
    expect(r.errors.map((e) => e.message)).toEqual(['message: Invalid plural keys zero: the keys for fr-FR are many, one, other']);
  });

  test('selectordinal uses the ordinal rules of the locale', () => {
    const tpl = '{.repeated section n}{m|message @}-{.end}';
    const data = { m: '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}', n: [1, 2, 3, 4, 11, 21, 22, 103] };
    expect(render(tpl, data).output).toBe('1st-2nd-3rd-4th-11th-21st-22nd-103rd-');
  });

  test('money formats each of the 27 store currencies, JPY without fraction digits', async () => {
    const { CURRENCY_CODES } = await import('@tessera/core');
    for (const code of CURRENCY_CODES) {
      const out = render('{m|money}', { m: { decimalValue: '1.5', currencyCode: code } }).output;
      expect(out, code).toMatch(code === 'JPY' ? /^[^\d]*2$/ : /1\.50/);
      const store = render('{m|i18n-money-format en-US}', { m: { decimalValue: '1.5', currencyCode: code } }).output;
      expect(store, code).toMatch(code === 'JPY' ? /2/ : /1\.50/);
    }
  });

  test('units-metric reports that it is not implemented', () => {
    const r = render('{.units-metric?}a{.or}b{.end}', {});
    expect(r.output).toBe('b');
    expect(r.errors[0].message).toContain('formatter is not yet implemented');
  });
});
