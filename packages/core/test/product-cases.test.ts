import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyPlain, makeMoney, type CurrencyCode } from '../src/money/index.js';
import {
  PRODUCT_STATUS_TEXT,
  QUANTITY_INPUT,
  fillPriceLine,
  fromPriceCents,
  normalPriceCents,
  productPriceLines,
  productPriceView,
  productStatus,
  salePriceCents,
  scarcityHiddenByDefault,
  scarcityText,
  showQuantityInput,
  subscriptionOptionsPriceDisplay,
  type PriceDisplay,
  type ProductData,
  type ProductPriceView,
} from '../src/product/index.js';
import { jsontCasesDir, pluginCases, textOf, type JsontCase } from './helpers/cases.js';

// These tests render the text part of the engine's product snippets from the core rules, the
// way a formatter would, and compare it with the expected outputs of the format's case files.

type Ctx = Record<string, any>;

function money(cents: number, currency: CurrencyCode, ctx: Ctx, locale?: string): string {
  return ctx.website?.useCLDRMoneyFormat
    ? formatMoney(makeMoney(cents, currency), { locale: locale ?? 'en-US' })
    : formatMoneyPlain(makeMoney(cents, currency));
}

function productPriceText(view: ProductPriceView, ctx: Ctx, locale?: string): string {
  const currency = 'currency' in view ? view.currency : 'USD';
  const lines = productPriceLines(view, ctx.localizedStrings ?? {});
  const fmt = (cents: number) => money(cents, currency, ctx, locale);
  switch (lines.kind) {
    case 'none':
      return '';
    case 'unavailable':
      return lines.text;
    case 'from':
    case 'single':
      return fillPriceLine(lines.line, fmt(lines.line.cents));
    case 'sale':
      return `${lines.saleLabel} ${fillPriceLine(lines.sale, fmt(lines.sale.cents))} ${lines.originalLabel} ${fillPriceLine(lines.original, fmt(lines.original.cents))}`;
  }
}

function subscriptionPriceTextOf(display: PriceDisplay, ctx: Ctx): string {
  return productPriceText(display, ctx);
}

const norm = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** What a case expects, computed from the core rules; undefined for templates it does not cover. */
function render(c: JsontCase): string | undefined {
  const ctx = c.json as Ctx;
  const locale = typeof c.params.locale === 'string' ? c.params.locale : undefined;
  const item = (ctx.item ?? ctx) as Ctx;
  const product = item.structuredContent as ProductData;
  const id = '560c37c1a7c8465c4a71d99a';
  switch (c.template) {
    case '{@|product-price}':
      return productPriceText(productPriceView(product), ctx, locale);
    case '{@|subscription-price}':
      return subscriptionPriceTextOf(subscriptionOptionsPriceDisplay(product), ctx);
    case '{@|from-price}':
      return String(fromPriceCents(product));
    case '{@|normal-price}':
      return String(normalPriceCents(product));
    case '{@|sale-price}':
      return String(salePriceCents(product));
    case '{@|product-status}': {
      const status = productStatus(product);
      if (!status) return '';
      const custom = ctx.productMerchandisingContext?.[id]?.customSoldOutText;
      return status === 'sold-out' && typeof custom === 'string' ? custom : PRODUCT_STATUS_TEXT[status];
    }
    case '{item|quantity-input}':
      return showQuantityInput(product) ? `${QUANTITY_INPUT.label}:` : '';
    case '{item|product-scarcity}': {
      const m = ctx.productMerchandisingContext?.[id];
      if (!m?.scarcityEnabled) return '';
      return (m.scarcityTemplateViews as { qtyInStock: number }[]).map((v) => scarcityText(m.scarcityText, v.qtyInStock)).join(' ');
    }
    default:
      return undefined;
  }
}

const casesDir = jsontCasesDir();
const PRODUCT_CASES = /^(f-product-price|f-subscription-price|f-from-price|f-normal-price|f-sale-price|f-product-status|f-quantity-input|f-product-scarcity)-/;

describe.skipIf(!casesDir)('product rules reproduce the text of the format case files', () => {
  const cases = casesDir ? pluginCases(casesDir, PRODUCT_CASES) : [];

  it('finds the product case files', () => {
    expect(cases.length).toBeGreaterThanOrEqual(70);
  });

  for (const c of cases) {
    it(c.file, () => {
      const got = render(c);
      expect(got, `no rule for template ${c.template}`).toBeDefined();
      expect(norm(got!)).toBe(textOf(c.output));
    });
  }
});

describe('product rules against inlined cases', () => {
  const v = (price: number, extra: object = {}) => ({ price: price * 100, priceMoney: { value: String(price) }, ...extra });
  const plan = (unit: string, value: number, numBillingCycles?: number) => ({ billingPeriod: { unit, value }, numBillingCycles });
  const text = (product: ProductData, ctx: Ctx = {}) => norm(productPriceText(productPriceView(product), ctx));

  it('shows subscription prices with their periods and durations', () => {
    expect(text({ productType: 1, isSubscribable: 'true', subscriptionPlan: plan('WEEK', 1), variants: [v(100)] })).toBe('100.00 every week');
    expect(text({ productType: 1, isSubscribable: true, subscriptionPlan: plan('WEEK', 2, 26), variants: [v(100)] })).toBe('100.00 every 2 weeks for 1 year');
    expect(text({ productType: 1, isSubscribable: true, subscriptionPlan: plan('MONTH', 1, 36), variants: [v(100)] })).toBe('100.00 every month for 3 years');
    expect(text({ productType: 1, isSubscribable: true, subscriptionPlan: plan('MONTH', 2, 5), variants: [v(100), v(200)] })).toBe(
      'from 100.00 every 2 months for 10 months',
    );
    expect(
      text({
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: plan('WEEK', 1, 6),
        variants: [v(200, { onSale: true, salePrice: 5000, salePriceMoney: { value: '50' } })],
      }),
    ).toBe('Sale Price: 50.00 every week for 6 weeks Original Price: 200.00 every week for 6 weeks');
  });

  it('uses the localized plan text by its key', () => {
    const ctx = {
      localizedStrings: { productPrice__singlePrice__nWeekly__limited__nWeeks: '{price} every {billingPeriodValue} weeks Other for {duration} weeks' },
    };
    expect(text({ productType: 1, isSubscribable: true, subscriptionPlan: plan('WEEK', 5, 3), variants: [v(100)] }, ctx)).toBe(
      '100.00 every 5 weeks Other for 15 weeks',
    );
  });

  it('says Unavailable for a subscribable product without a plan', () => {
    expect(text({ productType: 1, isSubscribable: true, variants: [v(100)] })).toBe('Unavailable');
    expect(text({ productType: 1, isSubscribable: true, variants: [v(100)] }, { localizedStrings: { productPriceUnavailable: 'Nope' } })).toBe('Nope');
  });

  it('shows from, sale and single prices', () => {
    expect(text({ productType: 1, variants: [v(100), v(0, { onSale: true, salePrice: 5000, salePriceMoney: { value: '50' } })] })).toBe('from 50.00');
    expect(text({ productType: 1, variants: [v(100), v(200)] }, { localizedStrings: { productPriceFromText: 'FROM {fromPrice}!' } })).toBe('FROM 100.00!');
    expect(text({ productType: 2, onSale: true, priceMoney: { value: '400.00' }, salePriceMoney: { value: '200.00' } })).toBe(
      'Sale Price: 200.00 Original Price: 400.00',
    );
    expect(text({ productType: 2, priceMoney: { value: '2500', currency: 'EUR' } }, { website: { useCLDRMoneyFormat: true } })).toBe('€2,500.00');
    expect(text({ productType: -1 })).toBe('');
  });

  it('hides a scarcity message tied to a variant until it is chosen', () => {
    expect(scarcityHiddenByDefault({ qtyInStock: 3 })).toBe(false);
    expect(scarcityHiddenByDefault({ qtyInStock: 3, attributes: { Color: 'Red' } })).toBe(true);
  });
});
