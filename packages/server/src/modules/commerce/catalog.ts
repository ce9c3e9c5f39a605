import type { Store } from '../../storage/dialect.js';
import { statement, type Executor } from '../../storage/statement.js';
import { lineImage, type LineImage } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { openCollectionIds } from '../site/index.js';

/**
 * What the cart shows of a product, kept per site version: titles, prices, options, images and
 * publication change only when the site is imported again, which bumps the site's version (and so
 * gives a new snapshot, and a new catalog). Stock is never kept here: the cart reads it live, and
 * the checkout reads every product again, live, inside the order's transaction. Whether an item
 * is visible is decided per request from its status and publication time.
 */
export interface CatalogVariant {
  id: string;
  sku: string;
  attributesJson: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  unlimited: boolean;
  image: LineImage | null;
}

export interface CatalogProduct {
  itemId: string;
  title: string;
  urlId: string;
  collectionId: string;
  status: string;
  publishOn: number | null;
  productType: number;
  isSubscribable: boolean;
  additionalFieldsFormId: string | null;
  variantOptionOrdering: string[];
  variants: CatalogVariant[];
  /** The product's first image, else the item's main image. */
  image: LineImage | null;
}

interface Row {
  item_id: string;
  title: string;
  url_id: string;
  collection_id: string;
  status: string;
  publish_on: number | null;
  item_data: string;
  product_type: number;
  is_subscribable: number;
  additional_fields_form_id: string | null;
  variant_option_ordering: string;
  product_data: string;
  variant_id: string;
  sku: string;
  attributes: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  unlimited: number;
  image: string | null;
}

const productStatement = statement((db, p) =>
  db
    .selectFrom('items')
    .innerJoin('products', 'products.item_id', 'items.id')
    .innerJoin('product_variants as v', 'v.item_id', 'items.id')
    .select([
      'items.id as item_id',
      'items.title',
      'items.url_id',
      'items.collection_id',
      'items.status',
      'items.publish_on',
      'items.data as item_data',
      'products.product_type',
      'products.is_subscribable',
      'products.additional_fields_form_id',
      'products.variant_option_ordering',
      'products.data as product_data',
      'v.id as variant_id',
      'v.sku',
      'v.attributes',
      'v.price_cents',
      'v.sale_price_cents',
      'v.on_sale',
      'v.unlimited',
      'v.image',
    ])
    .where('items.website_id', '=', p(0))
    .where('items.id', '=', p(1))
    .orderBy('v.position'),
);

const stockStatement = statement((db, p) => db.selectFrom('product_variants').select(['stock']).where('id', '=', p(0)));

/** A variant's stock now (in a transaction, as that transaction sees it). */
export async function liveStock(store: Store, db: Executor, variantId: string): Promise<number> {
  return Number((await stockStatement(store, db, [variantId])).rows[0]?.stock ?? 0);
}

function productOf(s: SiteSnapshot, rows: Row[]): CatalogProduct {
  const first = rows[0]!;
  const data = JSON.parse(first.product_data) as { images?: unknown[] };
  const alts = new Map<string, string>();
  let image: CatalogProduct['image'] = null;
  for (const [i, entry] of (data.images ?? []).entries()) {
    const path = typeof entry === 'string' ? entry : (entry as { path?: unknown })?.path;
    const alt = typeof (entry as { alt?: unknown })?.alt === 'string' ? (entry as { alt: string }).alt : '';
    if (typeof path !== 'string') continue;
    alts.set(path, alt);
    if (i === 0) image = lineImage(s, path, alt);
  }
  if (!image) {
    const item = JSON.parse(first.item_data) as { mainImage?: unknown; mainImageAlt?: unknown };
    if (typeof item.mainImage === 'string') {
      image = lineImage(s, item.mainImage, typeof item.mainImageAlt === 'string' ? item.mainImageAlt : '');
    }
  }
  return {
    itemId: first.item_id,
    title: first.title,
    urlId: first.url_id,
    collectionId: first.collection_id,
    status: first.status,
    publishOn: first.publish_on,
    productType: first.product_type,
    isSubscribable: first.is_subscribable === 1,
    additionalFieldsFormId: first.additional_fields_form_id,
    variantOptionOrdering: JSON.parse(first.variant_option_ordering) as string[],
    image,
    variants: rows.map((r) => ({
      id: r.variant_id,
      sku: r.sku,
      attributesJson: r.attributes,
      attributes: JSON.parse(r.attributes) as Record<string, string>,
      priceCents: r.price_cents,
      salePriceCents: r.sale_price_cents,
      onSale: r.on_sale === 1,
      unlimited: r.unlimited === 1,
      // A variant's image shares the alt text of the product image with the same path.
      image: r.image ? lineImage(s, r.image, alts.get(r.image) ?? '') : null,
    })),
  };
}

const catalogs = new WeakMap<SiteSnapshot, Map<string, Promise<CatalogProduct | null>>>();

/** The catalog entry of an item (null when it is not a product of the site), read once per site version. */
export function catalogProduct(store: Store, s: SiteSnapshot, itemId: string, db: Executor = store.db): Promise<CatalogProduct | null> {
  let products = catalogs.get(s);
  if (!products) catalogs.set(s, (products = new Map()));
  let product = products.get(itemId);
  if (!product) {
    if (products.size > 10_000) products.clear(); // unknown ids are unbounded
    product = productStatement(store, db, [s.website.id, itemId]).then(({ rows }) => (rows.length > 0 ? productOf(s, rows as Row[]) : null));
    product.catch(() => products!.delete(itemId));
    products.set(itemId, product);
  }
  return product;
}

/**
 * Visitors may buy an item when it is published (or scheduled and its time has come) in a public
 * collection without a password (site/access.ts: members' areas and protected pages sell nothing).
 */
export function forSale(s: SiteSnapshot, p: CatalogProduct | null, now: number): p is CatalogProduct {
  if (!p) return false;
  const visible = p.status === 'published' || (p.status === 'scheduled' && p.publishOn !== null && p.publishOn <= now);
  return visible && openCollectionIds(s).has(p.collectionId);
}

/** The unit price: the sale price while the variant is on sale. */
export function unitPriceCents(v: { onSale: boolean; salePriceCents: number; priceCents: number }): number {
  return v.onSale ? v.salePriceCents : v.priceCents;
}

/** A product's first image: the item's main image, else the first of the product's images. */
export function firstImage(itemData: string, productData: string): string | null {
  const item = JSON.parse(itemData) as { mainImage?: unknown };
  if (typeof item.mainImage === 'string') return item.mainImage;
  const images = (JSON.parse(productData) as { images?: unknown }).images;
  const first = Array.isArray(images) ? images[0] : undefined;
  if (typeof first === 'string') return first;
  return first && typeof first === 'object' && typeof (first as { path?: unknown }).path === 'string' ? (first as { path: string }).path : null;
}
