import { priceLabel } from '@tessera/core/format';
import { isObject } from '../../../site-dir/checker.js';
import type { JsonObject } from '../../../site-dir/types.js';

/**
 * A product's free-price label (product data `showZeroAsFree` and `freeLabel`): the text a zero price
 * shows instead of "$0.00". The spec's rule: a zero price shown as free needs a Free label, a wrapped
 * (non-empty) string; the owner's save refuses one without it (product-admin/validate.ts), and a page
 * of a product imported without one shows its price as money. Null when the price is not shown as free.
 */
export function freePriceLabel(data: JsonObject, priceCents: number | undefined): string | null {
  if (data.showZeroAsFree !== true || priceCents !== 0) return null;
  try {
    return priceLabel(0, { format: String, showZeroAsFree: true, freeLabel: data.freeLabel });
  } catch {
    return null;
  }
}

/** The save's issue for a product shown as free without its label, or null. */
export function freeLabelIssue(product: unknown): string | null {
  if (!isObject(product) || product.showZeroAsFree !== true) return null;
  try {
    priceLabel(0, { format: String, showZeroAsFree: true, freeLabel: product.freeLabel });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
