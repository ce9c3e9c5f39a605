// What is left of an order's lines to fulfil and to refund, and what a refund by items comes to.
import type { OrderLine } from './calls.js';

// Digital products, gift cards and paywalls are delivered when the order is paid (the checkout marks an
// order of only those fulfilled): nothing of theirs is shipped. null: a line whose product is gone.
const DELIVERED_AT_ONCE = new Set<number | null>([2, 4, 5, null]);

export function leftToFulfil(line: OrderLine): number {
  if (DELIVERED_AT_ONCE.has(line.productType)) return 0;
  return Math.max(0, line.quantity - line.fulfilledQuantity - line.refundedQuantity);
}

export function leftToRefund(line: OrderLine): number {
  return Math.max(0, line.quantity - line.refundedQuantity);
}

/** A refund by items: each line's unit price times the quantity chosen. */
export function refundOfLines(lines: readonly OrderLine[], quantities: Readonly<Record<string, number>>): number {
  return lines.reduce((sum, l) => sum + l.unitPriceCents * (quantities[l.id] ?? 0), 0);
}

/** The variant's choices as the shopper made them: "Size: 12 oz, Grind: Whole bean". */
export function variantText(line: OrderLine): string {
  return Object.entries(line.chosenVariant.attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
}

/** The answers to the product's additional fields, as label and value pairs (the raw text when it is not an object). */
export function additionalFields(line: OrderLine): [string, string][] {
  if (!line.additionalFields) return [];
  try {
    const answers = JSON.parse(line.additionalFields) as unknown;
    if (answers && typeof answers === 'object' && !Array.isArray(answers)) {
      return Object.entries(answers as Record<string, unknown>)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v)]);
    }
  } catch {
    // Not JSON: shown as written.
  }
  return [['Details', line.additionalFields]];
}
