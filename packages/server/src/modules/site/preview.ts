import type { FastifyRequest } from 'fastify';
import type { CollectionRow, ItemRow } from '../../storage/content.js';
import type { Store } from '../../storage/dialect.js';
import { itemUrl } from './context/content.js';
import { itemPageOf, plainPage } from './pages.js';
import type { SiteRenderer } from './renderer.js';
import type { SiteSnapshot } from './snapshot.js';

/** What the editor changes of an item before it is saved: its title, excerpt and sections (undefined: none, the item's own body shows). */
interface PreviewContent {
  readonly title: string;
  readonly excerpt: string;
  readonly sections: unknown;
}

/**
 * The page a visitor would get for this item with the editor's unsaved content in place of its
 * own: the same page builders as the page route (a plain page, or a post's or an event's item
 * page), rendered whole by the renderer with the collectors off. Nothing is read from the item's
 * visibility (a draft previews as it will look) and nothing is written.
 */
export async function renderPreview(
  store: Store,
  renderer: SiteRenderer,
  request: FastifyRequest,
  s: SiteSnapshot,
  collection: CollectionRow,
  row: ItemRow,
  content: PreviewContent,
): Promise<{ status: number; body: string }> {
  const data = { ...(JSON.parse(row.data) as Record<string, unknown>), sections: content.sections };
  const unsaved: ItemRow = { ...row, title: content.title, excerpt: content.excerpt, data: JSON.stringify(data) };
  // The page's own address, so that its navigation marks it as the current page; the owner sees
  // every collection (no access policy), as the studio does.
  const req = { ...renderer.pageRequest(request, s), path: itemUrl(s, collection, row), query: {}, access: undefined };
  const result = collection.type_name === 'page' ? await plainPage(store, req, collection, unsaved) : await itemPageOf(store, req, collection, unsaved);
  if (result.kind !== 'page') throw new Error('a preview always renders a page');
  return renderer.renderPreview(request, s, result);
}
