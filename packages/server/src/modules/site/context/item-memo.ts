import type { CollectionRow, ItemRow, VariantRow } from '../../../storage/content.js';
import { keptProductOf, keptRowOf } from '../catalog.js';
import { sharedDeep } from '../render-memo.js';
import type { SiteSnapshot } from '../snapshot.js';
import { collectionContext, type indexProducts, itemContext, merchandisingContext } from './content.js';

type ProductIndex = ReturnType<typeof indexProducts>;
type ItemContext = ReturnType<typeof itemContext>;

/** Per kept row (catalog.ts), its contexts by collection, language, publication and variants as read. */
const contexts = new WeakMap<ItemRow, Map<string, ItemContext>>();
/** States kept per item: a few publications, languages and stock levels. */
const MAX_STATES_PER_ITEM = 8;

/**
 * An item as themes read it (content.ts `itemContext`), built once per site version and live data:
 * for a row the catalog keeps (its content is the version's) and its kept product, the context is
 * kept under its collection, language, publication and the variants as read now (prices and stock),
 * so a page whose items did not change builds nothing again, and the render memo names each item by
 * its identity (render-memo.ts). Kept contexts are frozen: a page that adds keys copies one first.
 * Anything else (an editor's unsaved copy, a row read elsewhere) gets a fresh context.
 */
export function keptItemContext(s: SiteSnapshot, c: CollectionRow, row: ItemRow, products: ProductIndex, language?: string): ItemContext {
  const kept = keptRowOf(row);
  const product = products.products.get(row.id);
  const plan = products.plans.get(row.id);
  const keptProduct = keptProductOf(s, row.id);
  const fromCatalog = product ? keptProduct?.product === product && keptProduct.plan === plan : plan === undefined;
  if (!kept || !fromCatalog) return itemContext(s, c, row, products, language);
  const variants = product ? variantsKey(products.variants.get(row.id)) : '-';
  const key = `${c.id}\u0000${language ?? ''}\u0000${row.status}\u0000${row.publish_on ?? ''}\u0000${variants}`;
  let states = contexts.get(kept);
  if (!states) contexts.set(kept, (states = new Map()));
  let context = states.get(key);
  if (!context) {
    context = sharedDeep(itemContext(s, c, row, products, language));
    while (states.size >= MAX_STATES_PER_ITEM) states.delete(states.keys().next().value!);
    states.set(key, context);
  }
  return context;
}

/** The key of each kept variant row (storage/prepared.ts: frozen, so its key cannot go stale). */
const variantKeys = new WeakMap<VariantRow, string>();

/**
 * The variants of an item as read: every column, in their order. By content, so that a read again
 * after someone else's change gives the same key when this item's variants are the same; a kept row's
 * part is written once.
 */
function variantsKey(variants: readonly VariantRow[] | undefined): string {
  if (!variants || variants.length === 0) return '';
  let key = '';
  for (const v of variants) {
    let part = variantKeys.get(v);
    if (part === undefined) {
      part = JSON.stringify(v);
      if (Object.isFrozen(v)) variantKeys.set(v, part);
    }
    key += part;
  }
  return key;
}

type Merchandising = Record<string, unknown>;
/** Per kept item context, its merchandising views per strings object (one per language). */
const merchandising = new WeakMap<object, WeakMap<object, Merchandising>>();

/**
 * `productMerchandisingContext` of these items (content.ts `merchandisingContext`), each kept item's
 * views built once per strings: the store settings and scarcity text come from the same site version
 * as the kept item.
 */
export function keptMerchandising(
  storeSettings: Parameters<typeof merchandisingContext>[0],
  scarcityText: string,
  strings: Readonly<Record<string, string>>,
  items: { id: string; structuredContent?: unknown }[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    if (!item.structuredContent) continue;
    if (!Object.isFrozen(item)) {
      Object.assign(out, merchandisingContext(storeSettings, scarcityText, strings, [item]));
      continue;
    }
    let byStrings = merchandising.get(item);
    if (!byStrings) merchandising.set(item, (byStrings = new WeakMap()));
    let views = byStrings.get(strings);
    if (!views) byStrings.set(strings, (views = sharedDeep(merchandisingContext(storeSettings, scarcityText, strings, [item])[item.id] as Merchandising)));
    out[item.id] = views;
  }
  return out;
}

type CollectionContext = ReturnType<typeof collectionContext>;
/** Per collection row of a site version, its contexts by item count and language. */
const collections = new WeakMap<CollectionRow, Map<string, CollectionContext>>();

/**
 * A collection as themes read it (content.ts `collectionContext`), built once per site version, item
 * count and language for a collection of the version itself (anything else is built afresh).
 */
export function keptCollectionContext(s: SiteSnapshot, c: CollectionRow, itemCount: number | null, language?: string): CollectionContext {
  if (s.collectionsById.get(c.id) !== c) return collectionContext(s, c, itemCount, language);
  let byKey = collections.get(c);
  if (!byKey) collections.set(c, (byKey = new Map()));
  const key = `${itemCount}\u0000${language ?? ''}`;
  let context = byKey.get(key);
  if (!context) {
    context = sharedDeep(collectionContext(s, c, itemCount, language));
    while (byKey.size >= MAX_STATES_PER_ITEM) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, context);
  }
  return context;
}
