import type { CurrencyCode } from '../money/currencies.js';
import { centsOf, currencyOf, flag, pricedOnVariants, productTypeOf, variantsOf, type PricingOptionData, type ProductData } from './data.js';
import { hasVariedPrices, productPriceDisplay, type PriceDisplay } from './prices.js';
import { parseSubscriptionPlan, subscriptionPriceTemplate, type SubscriptionPlan } from './subscription.js';

/**
 * Everything the product-price snippet needs: the price display and, for a subscribable
 * product, its plan (each shown price is followed by the plan's text). A subscribable product
 * without a usable plan is `unavailable` (text `productPriceUnavailable`, default "Unavailable").
 */
export type ProductPriceView = (PriceDisplay & { readonly plan?: SubscriptionPlan }) | { readonly kind: 'unavailable' };

export function productPriceView(product: ProductData | undefined): ProductPriceView {
  const display = productPriceDisplay(product);
  if (!flag(product?.isSubscribable) || display.kind === 'none') return display;
  const plan = parseSubscriptionPlan(product?.subscriptionPlan);
  return plan ? { ...display, plan } : { kind: 'unavailable' };
}

function optionCents(option: PricingOptionData, currency: CurrencyCode): { price: number; sale: number; onSale: boolean } {
  return {
    price: centsOf(option.priceMoney, option.price, currency),
    sale: centsOf(option.salePriceMoney, option.salePrice, currency),
    onSale: flag(option.onSale),
  };
}

/**
 * What the subscription-price snippet shows, from each variant's first pricing option (the
 * product's subscription offer): when the variants' prices vary, "from" the lowest price a
 * subscriber can pay; otherwise the first variant's option, as a sale beside its original
 * price when on sale. `none` without variants or pricing options.
 */
export function subscriptionOptionsPriceDisplay(product: ProductData | undefined): PriceDisplay {
  if (!pricedOnVariants(productTypeOf(product))) return { kind: 'none' };
  const currency = currencyOf(product);
  const firstOptions = variantsOf(product)
    .map((v) => (Array.isArray(v.pricingOptions) ? v.pricingOptions[0] : undefined))
    .filter((o): o is PricingOptionData => o !== undefined && o !== null)
    .map((o) => optionCents(o, currency));
  if (firstOptions.length === 0) return { kind: 'none' };
  if (hasVariedPrices(product)) {
    return { kind: 'from', cents: Math.min(...firstOptions.map((o) => (o.onSale ? o.sale : o.price))), currency };
  }
  const [first] = firstOptions;
  return first.onSale ? { kind: 'sale', cents: first.sale, originalCents: first.price, currency } : { kind: 'single', cents: first.price, currency };
}

/** One shown price: a text holding `{price}` where the formatted amount goes. */
export interface PriceLine {
  readonly template: string;
  readonly cents: number;
}

export type PriceLines =
  | { readonly kind: 'none' }
  | { readonly kind: 'unavailable'; readonly text: string }
  | { readonly kind: 'from'; readonly line: PriceLine }
  | { readonly kind: 'single'; readonly line: PriceLine }
  | {
      readonly kind: 'sale';
      readonly sale: PriceLine;
      readonly original: PriceLine;
      /** Screen-reader labels before each price (`salePriceText`, `originalPriceText`). */
      readonly saleLabel: string;
      readonly originalLabel: string;
    };

/** Defaults of the product-price texts; the page context's localizedStrings override them by key. */
export const PRODUCT_PRICE_TEXT = Object.freeze({
  productPriceFromText: 'from {fromPrice}',
  productPriceUnavailable: 'Unavailable',
  salePriceText: 'Sale Price:',
  originalPriceText: 'Original Price:',
});

/**
 * The texts of a price view, with localized strings applied: "from {price}" (the
 * `productPriceFromText` string, whose placeholder is `{fromPrice}`), "{price} every 2 weeks"
 * for a plan, the sale and original lines. The caller formats each line's amount and puts it
 * where `{price}` stands, so it can escape the text and wrap the amount in its own markup.
 */
export function productPriceLines(view: ProductPriceView, localizedStrings: Readonly<Record<string, unknown>> = {}): PriceLines {
  const text = (key: keyof typeof PRODUCT_PRICE_TEXT): string => {
    const v = localizedStrings[key];
    return typeof v === 'string' ? v : PRODUCT_PRICE_TEXT[key];
  };
  switch (view.kind) {
    case 'none':
      return view;
    case 'unavailable':
      return { kind: 'unavailable', text: text('productPriceUnavailable') };
    case 'from': {
      const template = view.plan
        ? subscriptionPriceTemplate(view.plan, { multiplePrices: true, localizedStrings }).template
        : text('productPriceFromText').replace(/\{fromPrice\}/g, '{price}');
      return { kind: 'from', line: { template, cents: view.cents } };
    }
    case 'single':
      return { kind: 'single', line: { template: planTemplate(view.plan, localizedStrings), cents: view.cents } };
    case 'sale':
      return {
        kind: 'sale',
        sale: { template: planTemplate(view.plan, localizedStrings), cents: view.cents },
        original: { template: planTemplate(view.plan, localizedStrings), cents: view.originalCents },
        saleLabel: text('salePriceText'),
        originalLabel: text('originalPriceText'),
      };
  }
}

function planTemplate(plan: SubscriptionPlan | undefined, localizedStrings: Readonly<Record<string, unknown>>): string {
  return plan ? subscriptionPriceTemplate(plan, { localizedStrings }).template : '{price}';
}

/** A line's text with its amount in place. */
export function fillPriceLine(line: PriceLine, formattedAmount: string): string {
  return line.template.replace(/\{price\}/g, () => formattedAmount);
}
