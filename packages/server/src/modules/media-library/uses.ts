import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Where an asset is used: an item (a page of a collection), a product, a collection, the site's
 * settings, or another file of the library (a video whose poster it is).
 */
export interface AssetUse {
  readonly kind: 'item' | 'product' | 'collection' | 'site' | 'media';
  readonly id: string;
  readonly title: string;
}

/**
 * A reference to a path in stored content: the path as site files write it (`assets/shop/mug.jpg`)
 * or as pages link it (`/assets/shop/mug.jpg?format=300w`), not followed by more of a file name.
 */
export function referencePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}(?![A-Za-z0-9._/-])`);
}

/** A LIKE pattern that finds the path (its `_` may match any character: the rows found are checked exactly). */
function likeAny(path: string): string {
  return `%${path}%`;
}

interface ContentRow {
  readonly kind: AssetUse['kind'];
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/**
 * The content rows of a site that may name any of these paths, narrowed in the database by LIKE and
 * checked exactly here: one query per kind of content, however many paths (a page of the library).
 */
export async function contentNaming(db: Db, websiteId: string, paths: readonly string[]): Promise<ContentRow[]> {
  if (paths.length === 0) return [];
  const patterns = paths.map(likeAny);
  const [items, products, variants, collections, settings, posters] = await Promise.all([
    db
      .selectFrom('items')
      .leftJoin('products', 'products.item_id', 'items.id')
      .select(['items.id', 'items.title', 'items.data', 'items.body', 'items.excerpt', 'products.item_id as product'])
      .where('items.website_id', '=', websiteId)
      .where((eb) => eb.or(patterns.flatMap((p) => [eb('items.data', 'like', p), eb('items.body', 'like', p), eb('items.excerpt', 'like', p)])))
      .execute(),
    db
      .selectFrom('products')
      .innerJoin('items', 'items.id', 'products.item_id')
      .select(['items.id', 'items.title', 'products.data'])
      .where('products.website_id', '=', websiteId)
      .where((eb) => eb.or(patterns.map((p) => eb('products.data', 'like', p))))
      .execute(),
    db
      .selectFrom('product_variants')
      .innerJoin('items', 'items.id', 'product_variants.item_id')
      .select(['items.id', 'items.title', 'product_variants.image'])
      .where('product_variants.website_id', '=', websiteId)
      .where((eb) => eb.or(patterns.map((p) => eb('product_variants.image', 'like', p))))
      .execute(),
    db
      .selectFrom('collections')
      .select(['id', 'title', 'data'])
      .where('website_id', '=', websiteId)
      .where((eb) => eb.or(patterns.map((p) => eb('data', 'like', p))))
      .execute(),
    db
      .selectFrom('site_settings')
      .select(['site_title', 'logo', 'website_settings', 'social_accounts'])
      .where('website_id', '=', websiteId)
      .where((eb) => eb.or(patterns.flatMap((p) => [eb('logo', 'like', p), eb('website_settings', 'like', p)])))
      .execute(),
    db
      .selectFrom('assets as video')
      .innerJoin('assets as poster', 'poster.id', 'video.poster_asset_id')
      .select(['video.id', 'video.display_name', 'video.path', 'poster.path as poster_path'])
      .where('video.website_id', '=', websiteId)
      .where('poster.path', 'in', [...paths])
      .execute(),
  ]);
  return [
    ...items.map((r) => ({ kind: r.product ? ('product' as const) : ('item' as const), id: r.id, title: r.title, text: `${r.data}\n${r.body}\n${r.excerpt}` })),
    ...products.map((r) => ({ kind: 'product' as const, id: r.id, title: r.title, text: r.data })),
    ...variants.map((r) => ({ kind: 'product' as const, id: r.id, title: r.title, text: r.image ?? '' })),
    ...collections.map((r) => ({ kind: 'collection' as const, id: r.id, title: r.title, text: r.data })),
    ...settings.map((r) => ({ kind: 'site' as const, id: websiteId, title: r.site_title, text: `${r.logo ?? ''}\n${r.website_settings}` })),
    ...posters.map((r) => ({ kind: 'media' as const, id: r.id, title: r.display_name ?? r.path, text: r.poster_path })),
  ];
}

/** The places that use each path: a product is listed once, whether its item or its product data names it. */
export function usesByPath(rows: readonly ContentRow[], paths: readonly string[]): Map<string, AssetUse[]> {
  const out = new Map<string, AssetUse[]>();
  for (const path of paths) {
    const pattern = referencePattern(path);
    const seen = new Set<string>();
    const uses: AssetUse[] = [];
    for (const row of rows) {
      const key = `${row.kind}:${row.id}`;
      if (seen.has(key) || !pattern.test(row.text)) continue;
      seen.add(key);
      uses.push({ kind: row.kind, id: row.id, title: row.title });
    }
    out.set(path, uses);
  }
  return out;
}
