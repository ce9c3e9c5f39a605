import { finding, type CheckInput, type Finding } from './types.js';

/** Every collection type Tessera serves (site-dir's collection kinds). */
const ALL_COLLECTION_TYPES = ['page', 'blog', 'events', 'products', 'gallery', 'lessons', 'folder'] as const;

/** Pages every site serves: the layout, the not-found and error pages, search. */
const ALWAYS = ['site.region', 'pages/not-found.page', 'pages/error.page', 'pages/search.page'];

/** The templates a collection type is rendered with; a store's products also need the cart and checkout. */
function templatesFor(type: string): string[] {
  if (type === 'page') return ['collections/page.page'];
  if (type === 'folder') return ['collections/folder.list'];
  const own = [`collections/${type}.list`, `collections/${type}.item`];
  return type === 'products' ? [...own, 'pages/cart.page', 'pages/checkout.page'] : own;
}

/** Templates the site's pages are rendered with but the theme lacks: such a page could not be shown. */
export function checkRequiredTemplates({ files, collectionTypes = ALL_COLLECTION_TYPES }: CheckInput): Finding[] {
  const needed = new Map<string, string>();
  for (const file of ALWAYS) needed.set(file, 'every site');
  for (const type of collectionTypes) for (const file of templatesFor(type)) if (!needed.has(file)) needed.set(file, `${type} collections`);
  const out: Finding[] = [];
  for (const [file, why] of needed) {
    if (!files.has(file)) out.push(finding('error', 'missing-template', `The template ${file} is missing; it is needed by ${why}.`, file));
  }
  return out;
}
