import { isValidPageUrl, notValidPageUrlMessage, slugFromTitle } from '@tessera/core/layout';
import type { CollectionRow } from '../../storage/content.js';

/** "Another page already has the URL /{val}.": a slug another collection holds. */
function urlTakenMessage(urlId: string): string {
  return `Another page already has the URL /${urlId}.`;
}

/**
 * Why a slug cannot name this collection (null when it can): the spec's "{val} is not a valid page
 * URL" for bad characters and the server's own paths (cart, config, api...), or a clash with another
 * collection (compared without case, as visitors type URLs).
 */
export function slugProblem(urlId: string, collections: readonly CollectionRow[], ownId: string | null): string | null {
  if (!isValidPageUrl(urlId)) return notValidPageUrlMessage(urlId);
  const lower = urlId.toLowerCase();
  if (collections.some((c) => c.id !== ownId && c.url_id.toLowerCase() === lower)) return urlTakenMessage(urlId);
  return null;
}

/** A free slug made from a title: "workshops", else "workshops-2", "workshops-3"... */
export function freeSlug(title: string, collections: readonly CollectionRow[]): string {
  const base = slugFromTitle(title);
  const taken = new Set(collections.map((c) => c.url_id.toLowerCase()));
  if (isValidPageUrl(base) && !taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (isValidPageUrl(candidate) && !taken.has(candidate)) return candidate;
  }
}
