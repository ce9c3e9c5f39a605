import type { AppError } from '../../errors.js';
import { collectionUrl, type SiteSnapshot } from '../site/index.js';

/** A members' area as the studio offers it: a collection whose access is not public, and the area its `access` names. */
export interface MembersArea {
  collectionId: string;
  title: string;
  /** The access group (`members`): collections naming the same group open and close together. */
  area: string;
  url: string;
}

/** The site's members' areas, in the site's order. */
export function membersAreas(s: SiteSnapshot): MembersArea[] {
  return s.collections.filter((c) => c.access !== 'public').map((c) => ({ collectionId: c.id, title: c.title, area: c.access, url: collectionUrl(s, c) }));
}

export const AREA_MESSAGE = "Choose one of the site's members' areas.";

/** The area of a members' area collection; `fail` for an id that names none. */
export function areaOf(s: SiteSnapshot, collectionId: string, fail: () => AppError): string {
  const c = s.collectionsById.get(collectionId);
  if (!c || c.access === 'public') throw fail();
  return c.access;
}
