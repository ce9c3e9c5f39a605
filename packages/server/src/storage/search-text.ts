import { layoutText, readLayout } from '@tessera/core/layout';
import { richTextToPlain } from '../http/rich-text.js';

/** A page's words past this many characters are not searched: a layout holds 60 blocks at most. */
const SEARCH_TEXT_MAX = 100_000;

/**
 * The `search_text` of an item: the plain text of its layout's blocks (`data.sections`), which site
 * search matches with the title, the excerpt and the body. Empty for an item without a layout.
 */
export function searchTextOf(data: unknown): string {
  const sections = data && typeof data === 'object' ? (data as { sections?: unknown }).sections : undefined;
  if (!Array.isArray(sections) || sections.length === 0) return '';
  const { layout } = readLayout({ sections });
  return layoutText(layout.sections, richTextToPlain).slice(0, SEARCH_TEXT_MAX);
}

/** The same, from an item's stored `data` JSON. */
export function searchTextOfJson(data: string): string {
  return searchTextOf(JSON.parse(data) as unknown);
}
