import type { CurrencyCode } from '../money/currencies.js';
import { centsOf, currencyOf, flag, pricedOnVariants, productTypeOf, variantsOf, type PricingOptionData, type ProductData } from './data.js';
import { hasVariedPrices, productPriceDisplay, type PriceDisplay } from './prices.js';
import { parseSubscriptionPlan, type SubscriptionPlan } from './subscription.js';

/**
 * Everything the product-price snippet needs: the price display and, for a subscribable
 * product, its plan (each shown price is followed by the plan's text). A subscribable product
 * without a usable plan is `unavailable` (text `productPriceUnavailable`, default "Unavailable").
 */
export type ProductPriceView =
  | (PriceDisplay & { readonly plan?: SubscriptionPlan })
  | { readonly kind: 'unavailable' };

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
  return first.onSale
    ? { kind: 'sale', cents: first.sale, originalCents: first.price, currency }
    : { kind: 'single', cents: first.price, currency };
}
