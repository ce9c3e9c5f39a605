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
