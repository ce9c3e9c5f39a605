import type { Executor } from '../../storage/statement.js';

/** A variant of the store as an import compares a row with it. */
export interface StoredVariant {
  id: string;
  item_id: string;
  sku: string;
  position: number;
  attributes: Record<string, string>;
  price_cents: number;
  sale_price_cents: number;
  on_sale: boolean;
  stock: number;
  unlimited: boolean;
  weight_grams: number | null;
}

/** A product of the store as an import reads it. */
export interface StoredProduct {
  id: string;
  collection_id: string;
  url_id: string;
  title: string;
  status: string;
  product_type: number;
  ordering: string[];
  variants: number;
  lastPosition: number;
}

/** What an import compares its rows with: the site's variants by SKU, its products by id and by collection and URL slug. */
export interface StoreState {
  variantsBySku: Map<string, StoredVariant>;
  products: Map<string, StoredProduct>;
  productsByPlace: Map<string, StoredProduct>;
  /** Items of each collection (a products collection holds products only). */
  collectionCounts: Map<string, number>;
  collectionLastPosition: Map<string, number>;
}

export const placeKey = (collectionId: string, urlId: string) => `${collectionId}\u0000${urlId}`;

/** The site's products and variants, in two queries. */
export async function readState(db: Executor, websiteId: string): Promise<StoreState> {
  const [items, variants] = await Promise.all([
    db
      .selectFrom('items')
      .leftJoin('products', 'products.item_id', 'items.id')
      .select([
        'items.id',
        'items.collection_id',
        'items.url_id',
        'items.title',
        'items.status',
        'items.position',
        'products.product_type',
        'products.variant_option_ordering',
      ])
      .where('items.website_id', '=', websiteId)
      .execute(),
    db
      .selectFrom('product_variants')
      .select(['id', 'item_id', 'sku', 'position', 'attributes', 'price_cents', 'sale_price_cents', 'on_sale', 'stock', 'unlimited', 'weight_grams'])
      .where('website_id', '=', websiteId)
      .execute(),
  ]);
  const state: StoreState = {
    variantsBySku: new Map(),
    products: new Map(),
    productsByPlace: new Map(),
    collectionCounts: new Map(),
    collectionLastPosition: new Map(),
  };
  for (const i of items) {
    const position = Number(i.position);
    state.collectionCounts.set(i.collection_id, (state.collectionCounts.get(i.collection_id) ?? 0) + 1);
    state.collectionLastPosition.set(i.collection_id, Math.max(state.collectionLastPosition.get(i.collection_id) ?? -1, position));
    if (i.product_type === null) continue;
    const p: StoredProduct = {
      id: i.id,
      collection_id: i.collection_id,
      url_id: i.url_id,
      title: i.title,
      status: i.status,
      product_type: Number(i.product_type),
      ordering: JSON.parse(i.variant_option_ordering ?? '[]') as string[],
      variants: 0,
      lastPosition: -1,
    };
    state.products.set(p.id, p);
    state.productsByPlace.set(placeKey(p.collection_id, p.url_id), p);
  }
  for (const v of variants) {
    const p = state.products.get(v.item_id);
    if (p) {
      p.variants += 1;
      p.lastPosition = Math.max(p.lastPosition, Number(v.position));
    }
    state.variantsBySku.set(v.sku, {
      id: v.id,
      item_id: v.item_id,
      sku: v.sku,
      position: Number(v.position),
      attributes: JSON.parse(v.attributes) as Record<string, string>,
      price_cents: Number(v.price_cents),
      sale_price_cents: Number(v.sale_price_cents),
      on_sale: Number(v.on_sale) === 1,
      stock: Number(v.stock),
      unlimited: Number(v.unlimited) === 1,
      weight_grams: v.weight_grams === null ? null : Number(v.weight_grams),
    });
  }
  return state;
}
