import { ProductType } from '../enums/product-type.js';
import type { CurrencyCode } from '../money/currencies.js';
import { centsOf, currencyOf, flag, pricedOnProduct, pricedOnVariants, productTypeOf, variantsOf, type ProductData, type VariantData } from './data.js';
import { isOnSale } from './status.js';

/** A variant's regular price in minor units (`priceMoney`, else `price`, else 0). */
function variantPriceCents(v: VariantData, currency?: CurrencyCode): number {
  return centsOf(v.priceMoney, v.price, currency);
}

/** A variant's sale price in minor units (`salePriceMoney`, else `salePrice`, else 0). */
function variantSalePriceCents(v: VariantData, currency?: CurrencyCode): number {
  return centsOf(v.salePriceMoney, v.salePrice, currency);
}

/** What a buyer pays for a variant: the sale price when it is on sale, else the price. */
function variantEffectivePriceCents(v: VariantData, currency?: CurrencyCode): number {
  return flag(v.onSale) ? variantSalePriceCents(v, currency) : variantPriceCents(v, currency);
}

/**
 * Varied prices (platform.md section 4): the variants differ in onSale, salePrice or price
 * (each read from the money field, else the integer minor-unit field). A sale price that is
 * not in effect (the variant is not on sale) does not make prices vary.
 */
export function hasVariedPrices(product: ProductData | undefined): boolean {
  const variants = variantsOf(product);
  if (variants.length < 2) return false;
  const currency = currencyOf(product);
  const [first, ...rest] = variants;
  return rest.some((v) => {
    if (flag(v.onSale) !== flag(first.onSale)) return true;
    if (variantPriceCents(v, currency) !== variantPriceCents(first, currency)) return true;
    return flag(v.onSale) && variantSalePriceCents(v, currency) !== variantSalePriceCents(first, currency);
  });
}

/**
 * The "from" price in minor units: the lowest price a buyer can pay (each variant's sale
 * price when on sale, else its price). Digital: the item's price. Unknown type or no
 * variants: 0.
 */
export function fromPriceCents(product: ProductData | undefined): number {
  const type = productTypeOf(product);
  const currency = currencyOf(product);
  if (pricedOnProduct(type)) return centsOf(product?.priceMoney, undefined, currency);
  if (!pricedOnVariants(type)) return 0;
  const prices = variantsOf(product).map((v) => variantEffectivePriceCents(v, currency));
  return prices.length === 0 ? 0 : Math.min(...prices);
}

/** The normal price in minor units: the highest regular variant price; digital: the item's price. */
export function normalPriceCents(product: ProductData | undefined): number {
  const type = productTypeOf(product);
  const currency = currencyOf(product);
  if (pricedOnProduct(type)) return centsOf(product?.priceMoney, undefined, currency);
  if (!pricedOnVariants(type)) return 0;
  const prices = variantsOf(product).map((v) => variantPriceCents(v, currency));
  return prices.length === 0 ? 0 : Math.max(...prices);
}

/**
 * The sale price in minor units: the lowest sale price among variants on sale (physical and
 * service; gift cards are never on sale, so 0); digital: the item's sale price. 0 when none.
 */
export function salePriceCents(product: ProductData | undefined): number {
  const type = productTypeOf(product);
  const currency = currencyOf(product);
  if (pricedOnProduct(type)) return centsOf(product?.salePriceMoney, undefined, currency);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return 0;
  const prices = variantsOf(product)
    .filter((v) => flag(v.onSale))
    .map((v) => variantSalePriceCents(v, currency));
  return prices.length === 0 ? 0 : Math.min(...prices);
}

/**
 * What the product-price snippet shows, in minor units:
 * - `none`: a product of unknown type (nothing is shown);
 * - `from`: prices vary, "from" the lowest price a buyer can pay;
 * - `sale`: on sale, the sale price beside the original (normal) price;
 * - `single`: one price, the normal price.
 */
export type PriceDisplay =
  | { readonly kind: 'none' }
  | { readonly kind: 'from'; readonly cents: number; readonly currency: CurrencyCode }
  | { readonly kind: 'sale'; readonly cents: number; readonly originalCents: number; readonly currency: CurrencyCode }
  | { readonly kind: 'single'; readonly cents: number; readonly currency: CurrencyCode };

export function productPriceDisplay(product: ProductData | undefined): PriceDisplay {
  const type = productTypeOf(product);
  if (!pricedOnProduct(type) && !pricedOnVariants(type)) return { kind: 'none' };
  const currency = currencyOf(product);
  if (pricedOnVariants(type) && hasVariedPrices(product)) {
    return { kind: 'from', cents: fromPriceCents(product), currency };
  }
  if (isOnSale(product)) {
    return { kind: 'sale', cents: salePriceCents(product), originalCents: normalPriceCents(product), currency };
  }
  return { kind: 'single', cents: normalPriceCents(product), currency };
}
