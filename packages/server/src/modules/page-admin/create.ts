import { isValidLink, linksMessage } from '@tessera/core/layout';
import { FolderBehavior } from '../../constants.js';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import { newId } from '../../storage/ids.js';
import type { NavEntry } from '../../site-dir/types.js';
import type { CreateBody } from './schemas.js';
import { freeSlug, slugProblem } from './slugs.js';
import { buildTree, collectionKey, type PageNode } from './tree.js';
import { changePages, insertCollection, writeLists } from './write.js';
import { readPagesState } from './state.js';

/** Field errors of a new page, link or folder, before anything is written. */
function checkFields(body: CreateBody): Record<string, string> {
  const errors: Record<string, string> = {};
  if (body.title.trim() === '') errors.title = 'Enter a title.';
  if (body.kind === 'link' && !isValidLink(body.url ?? '')) errors.url = linksMessage();
  return errors;
}

/**
 * Adds a page, a blog, an events list, a folder (a folder collection) or a link to a navigation
 * list, at its end or at the end of a folder of that list. A page gets its one item, a draft with
 * an empty layout; a slug is made from the title when none is given, and made unique.
 */
export async function createNode(store: Store, websiteId: string, body: CreateBody, now: number): Promise<PageNode> {
  const errors = checkFields(body);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  const title = body.title.trim();
  const key = await changePages(store, websiteId, now, async (tx, state) => {
    const tree = buildTree(state, now);
    const list = state.navigation[body.in];
    let into: NavEntry[] = list;
    let parentId: string | null = null;
    if (body.parent !== undefined) {
      const target = tree.keys.get(body.parent);
      const folderEntry =
        target?.kind === 'entry' && target.folder
          ? target.entry
          : target?.kind === 'collection' && target.collection.type_name === 'folder'
            ? list.find((e) => e.collection === target.collection.url_id && e.items)
            : undefined;
      if (!folderEntry || !list.includes(folderEntry) || body.kind === 'folder') {
        throw new AppError('VALIDATION_FAILED', undefined, {
          parent: body.kind === 'folder' ? 'A folder cannot be put inside another folder.' : 'Choose a folder of this list.',
        });
      }
      into = folderEntry.items!;
      if (target?.kind === 'collection') parentId = target.collection.id;
    }
    if (body.kind === 'link') {
      const id = `l-${newId().slice(0, 16)}`;
      into.push({ id, title, url: body.url!.trim() });
      await writeLists(tx, websiteId, state.navigation);
      return { changed: true, result: id };
    }
    const urlId = body.urlId?.trim() ? body.urlId.trim() : freeSlug(title, state.collections);
    const problem = slugProblem(urlId, state.collections, null);
    if (problem) throw new AppError('VALIDATION_FAILED', undefined, { urlId: problem });
    const made = await insertCollection(
      tx,
      websiteId,
      state,
      {
        urlId,
        title,
        // A cover page is a page whose item holds its cover (site/special-pages.ts).
        typeName: body.kind === 'cover' ? 'page' : body.kind,
        folderBehavior: body.kind === 'folder' ? (body.folderBehavior ?? FolderBehavior.INDEX) : null,
        parentId,
        cover: body.kind === 'cover',
      },
      now,
    );
    into.push(body.kind === 'folder' ? { title, collection: urlId, items: [] } : { title, collection: urlId });
    await writeLists(tx, websiteId, state.navigation);
    return { changed: true, result: collectionKey(made) };
  });
  const tree = buildTree(await readPagesState(store.db, websiteId), now);
  const find = (nodes: readonly PageNode[]): PageNode | undefined => {
    for (const n of nodes) {
      if (n.key === key) return n;
      const inside = n.children ? find(n.children) : undefined;
      if (inside) return inside;
    }
    return undefined;
  };
  const node = find(tree[body.in]);
  if (!node) throw new Error('a new page is missing from its list');
  return node;
}
