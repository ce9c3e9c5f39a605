/** The error when a zero price is to be shown as free without a usable Free label. */
export const FREE_LABEL_ERROR = 'A Free label is required and must be a wrapped string';

/**
 * A price's text, where a zero price may be shown as free: then a Free label is required and
 * must be a wrapped string (a non-empty string, already localized by the caller); anything
 * else throws {@link FREE_LABEL_ERROR}. Other prices go through `format`.
 */
export function priceLabel(
  cents: number,
  options: { readonly format: (cents: number) => string; readonly showZeroAsFree?: boolean; readonly freeLabel?: unknown },
): string {
  if (cents === 0 && options.showZeroAsFree) {
    const label = options.freeLabel;
    if (typeof label !== 'string' || label.trim() === '') throw new TypeError(FREE_LABEL_ERROR);
    return label;
  }
  return options.format(cents);
}
