export interface ScarcityView {
  readonly qtyInStock: number;
  readonly attributes?: Readonly<Record<string, string>>;
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
