import { ProductType } from '../enums/product-type.js';
import { count, flag, productTypeOf, variantsOf, type ProductData, type VariantData } from './data.js';

/** A variant can be bought when it is unlimited or has stock above 0. */
function isVariantAvailable(variant: VariantData): boolean {
  return flag(variant.unlimited) || count(variant.qtyInStock) > 0;
}

/**
 * Sold out (platform.md section 4): no variant is unlimited or has stock above 0. Digital
 * products and gift cards are never sold out; nor is a paywall, which has no stock. A product
 * of unknown type is judged by its variants like a physical one (so one without variants is
 * sold out), which is what the format's product-status output shows for such data.
 */
export function isSoldOut(product: ProductData | undefined): boolean {
  const type = productTypeOf(product);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD || type === ProductType.PAYWALL) return false;
  return !variantsOf(product).some(isVariantAvailable);
}

/**
 * On sale: for physical and service products any variant on sale; for digital products (and
 * paywalls, priced the same way) the item itself. Gift cards are never shown on sale.
 */
export function isOnSale(product: ProductData | undefined): boolean {
  switch (productTypeOf(product)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
      return variantsOf(product).some((v) => flag(v.onSale));
    case ProductType.DIGITAL:
    case ProductType.PAYWALL:
      return flag(product?.onSale);
    default:
      return false;
  }
}

export type ProductStatus = 'sold-out' | 'sale';

/** The badge: sold out takes precedence over sale; otherwise none (null). */
export function productStatus(product: ProductData | undefined): ProductStatus | null {
  if (isSoldOut(product)) return 'sold-out';
  if (isOnSale(product)) return 'sale';
  return null;
}

/** Default badge texts (platform.md section 9); `productSoldOutText`/`productSaleText` localize them. */
export const PRODUCT_STATUS_TEXT: Readonly<Record<ProductStatus, string>> = Object.freeze({
  'sold-out': 'sold out',
  sale: 'sale',
});

/**
 * Total stock over the variants; Infinity when any variant is unlimited. Digital products,
 * gift cards and paywalls have no stock and count as unlimited.
 */
export function totalStock(product: ProductData | undefined): number {
  const type = productTypeOf(product);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD || type === ProductType.PAYWALL) {
    return Number.POSITIVE_INFINITY;
  }
  let total = 0;
  for (const v of variantsOf(product)) {
    if (flag(v.unlimited)) return Number.POSITIVE_INFINITY;
    total += Math.max(0, count(v.qtyInStock));
  }
  return total;
}
