import { count, flag, type VariantData } from './data.js';

/**
 * Scarcity: a variant's stock is shown as scarce when it is limited, above 0 (0 is sold out)
 * and at or below the site's threshold.
 */
export function isScarce(variant: VariantData, threshold: number): boolean {
  if (flag(variant.unlimited)) return false;
  const qty = count(variant.qtyInStock);
  return qty > 0 && qty <= threshold;
}

export interface ScarcityView {
  readonly qtyInStock: number;
  readonly attributes?: Readonly<Record<string, string>>;
}

/** The scarce variants with their stock and attributes, for the product-scarcity snippet. */
export function scarcityViews(variants: readonly VariantData[], threshold: number): ScarcityView[] {
  return variants
    .filter((v) => isScarce(v, threshold))
    .map((v) => (v.attributes ? { qtyInStock: count(v.qtyInStock), attributes: v.attributes } : { qtyInStock: count(v.qtyInStock) }));
}

/**
 * Fills a scarcity text: `{qtyInStock}` (the page context's merchandising text) and
 * `{quantity}` (the site settings' text) both stand for the stock left.
 */
export function scarcityText(template: string, qtyInStock: number): string {
  return template.replace(/\{(?:qtyInStock|quantity)\}/g, String(qtyInStock));
}

/**
 * A scarcity message is shown at once only when it is not tied to a variant's attributes;
 * one for a particular variant stays hidden until that variant is chosen.
 */
export function scarcityHiddenByDefault(view: ScarcityView): boolean {
  return view.attributes !== undefined && Object.keys(view.attributes).length > 0;
}
