import { createHash, randomBytes } from 'node:crypto';

/** A new random id: 24 lowercase hex characters, the shape themes expect for item and collection ids. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/**
 * The id of something imported from a site directory, derived from its natural key (a website's
 * identifier, a collection's urlId, an item's urlId, a variant's sku). Importing the same directory
 * twice gives the same ids, so carts and orders that point at items survive a re-import.
 */
export function stableId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}

let lastMs = 0;
let sequence = 0;

/**
 * An id that sorts by time, then by the order of writing within one process: several timeline
 * entries of one transaction share their time (placed and paid at checkout), as may two
 * fulfilments or refunds, or a variant's stock changes, and they must still read in the order they happened. Time (12 hex), a per-millisecond counter (4 hex),
 * then randomness (8 hex): 24 characters like every other id.
 */
export function timeOrderedId(now: number): string {
  if (now === lastMs) sequence++;
  else {
    lastMs = now;
    sequence = 0;
  }
  return now.toString(16).padStart(12, '0').slice(-12) + (sequence & 0xffff).toString(16).padStart(4, '0') + randomBytes(4).toString('hex');
}
