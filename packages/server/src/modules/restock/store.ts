import { ProductType } from '@tessera/core';
import { firstImage } from '../commerce/index.js';
import type {} from '../../storage/schema-restock.js';
import type { Executor } from '../../storage/statement.js';
import { assetUrl } from '../site/index.js';
import { itemUrl } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';

/** A product's variant as the restock module sees it, with live stock. */
export interface RestockVariant {
  readonly itemId: string;
  readonly variantId: string;
  readonly title: string;
  readonly urlId: string;
  readonly collectionId: string;
  /** Published (or scheduled and due) in a public collection. */
  readonly visible: boolean;
  readonly productType: number;
  readonly sku: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** "Colour: Sand, Size: 12 oz", in the product's option order; empty without choices. */
  readonly variantText: string;
  readonly stock: number;
  readonly unlimited: boolean;
  /** The variant's picture, else the product's first; a site asset path or a URL. */
  readonly image: string | null;
}

/** Physical and service products run out of stock; the others never do (@tessera/core's totalStock). */
export const STOCKED_TYPES: ReadonlySet<number> = new Set([ProductType.PHYSICAL, ProductType.SERVICE]);

export function inStock(v: Pick<RestockVariant, 'productType' | 'unlimited' | 'stock'>): boolean {
  return !STOCKED_TYPES.has(v.productType) || v.unlimited || v.stock > 0;
}

function variantText(attributes: Record<string, string>, ordering: unknown): string {
  const names = Array.isArray(ordering) ? ordering.filter((n): n is string => typeof n === 'string' && n in attributes) : [];
  for (const name of Object.keys(attributes)) if (!names.includes(name)) names.push(name);
  return names.map((n) => `${n}: ${attributes[n]}`).join(', ');
}

/** The variants of a site by id, with their product (stock read live, `db` may be a transaction). */
export async function findRestockVariants(db: Executor, s: SiteSnapshot, variantIds: readonly string[], now: number): Promise<Map<string, RestockVariant>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('items', 'items.id', 'v.item_id')
    .innerJoin('products', 'products.item_id', 'v.item_id')
    .select([
      'v.id',
      'v.item_id',
      'v.sku',
      'v.attributes',
      'v.stock',
      'v.unlimited',
      'v.image',
      'items.title',
      'items.url_id',
      'items.collection_id',
      'items.status',
      'items.publish_on',
      'items.data as item_data',
      'products.product_type',
      'products.variant_option_ordering',
      'products.data as product_data',
    ])
    .where('v.website_id', '=', s.website.id)
    .where('v.id', 'in', [...variantIds])
    .execute();
  return new Map(
    rows.map((r) => {
      const attributes = JSON.parse(r.attributes) as Record<string, string>;
      const due = r.status === 'published' || (r.status === 'scheduled' && r.publish_on !== null && r.publish_on <= now);
      return [
        r.id,
        {
          itemId: r.item_id,
          variantId: r.id,
          title: r.title,
          urlId: r.url_id,
          collectionId: r.collection_id,
          visible: due && s.collectionsById.get(r.collection_id)?.access === 'public',
          productType: r.product_type,
          sku: r.sku,
          attributes,
          variantText: variantText(attributes, JSON.parse(r.variant_option_ordering)),
          stock: r.stock,
          unlimited: r.unlimited === 1,
          image: r.image ?? firstImage(r.item_data, r.product_data),
        },
      ];
    }),
  );
}

/** The product page's path of a variant's product, or the home page when its collection is gone. */
export function productPath(s: SiteSnapshot, v: RestockVariant): string {
  const c = s.collectionsById.get(v.collectionId);
  return c ? itemUrl(s, c, { url_id: v.urlId }) : '/';
}

export function productImagePath(s: SiteSnapshot, v: RestockVariant): string | null {
  return v.image ? assetUrl(s, v.image) : null;
}

export interface GroupRow {
  item_id: string;
  variant_id: string;
  waiting: number;
  notified: number;
  first_on: number;
  last_on: number;
}

/** Signups grouped by variant, after `afterVariantId` in variant id order; `limit + 1` rows tell whether a next page exists. */
export async function listGroups(db: Executor, websiteId: string, afterVariantId: string | null, limit: number): Promise<GroupRow[]> {
  const rows = await db
    .selectFrom('restock_signups')
    .select((eb) => [
      'item_id',
      'variant_id',
      eb.fn.sum<number>(eb.case().when('status', '=', 'waiting').then(1).else(0).end()).as('waiting'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'notified').then(1).else(0).end()).as('notified'),
      eb.fn.min('created_on').as('first_on'),
      eb.fn.max('created_on').as('last_on'),
    ])
    .where('website_id', '=', websiteId)
    .$if(afterVariantId !== null, (q) => q.where('variant_id', '>', afterVariantId!))
    .groupBy(['variant_id', 'item_id'])
    .orderBy('variant_id')
    .limit(limit + 1)
    .execute();
  // PostgreSQL answers sums and bigint aggregates as text.
  return rows.map((r) => ({
    item_id: r.item_id,
    variant_id: r.variant_id,
    waiting: Number(r.waiting),
    notified: Number(r.notified),
    first_on: Number(r.first_on),
    last_on: Number(r.last_on),
  }));
}

export interface SignUpRow {
  id: string;
  email: string;
  join_mailing_list: number;
  status: string;
  created_on: number;
  notified_on: number | null;
  mail_status: string | null;
}

/** A variant's signups, newest first, after the position `after`; `limit + 1` rows. */
export async function listSignUps(
  db: Executor,
  websiteId: string,
  itemId: string,
  variantId: string,
  after: { c: number; i: string } | null,
  limit: number,
): Promise<SignUpRow[]> {
  const rows = await db
    .selectFrom('restock_signups as s')
    .leftJoin('outbox', 'outbox.id', 's.outbox_id')
    .select(['s.id', 's.email', 's.join_mailing_list', 's.status', 's.created_on', 's.notified_on', 'outbox.status as mail_status'])
    .where('s.website_id', '=', websiteId)
    .where('s.item_id', '=', itemId)
    .where('s.variant_id', '=', variantId)
    .$if(after !== null, (q) =>
      q.where((eb) => eb.or([eb('s.created_on', '<', after!.c), eb.and([eb('s.created_on', '=', after!.c), eb('s.id', '<', after!.i)])])),
    )
    .orderBy('s.created_on', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit + 1)
    .execute();
  return rows.map((r) => ({ ...r, created_on: Number(r.created_on), notified_on: r.notified_on === null ? null : Number(r.notified_on) }));
}

/**
 * Marks up to `limit` waiting signups of a variant notified and returns them, in the caller's
 * transaction. The update is guarded by `status = 'waiting'`: on PostgreSQL a concurrent sender
 * waits for this transaction's row locks and then finds the rows no longer waiting, so each signup
 * is claimed (and mailed) by exactly one transaction; SQLite's immediate transactions run one at a time.
 */
export async function claimWaiting(tx: Executor, websiteId: string, variantId: string, now: number, limit: number) {
  return tx
    .updateTable('restock_signups')
    .set({ status: 'notified', notified_on: now })
    .where('status', '=', 'waiting')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('restock_signups')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('variant_id', '=', variantId)
        .where('status', '=', 'waiting')
        .orderBy('created_on')
        .orderBy('id')
        .limit(limit),
    )
    .returning(['id', 'email', 'base_url'])
    .execute();
}

/** Waiting signups whose variant is in stock again: what the automatic sender looks at (every site). */
export async function restockedWaiting(db: Executor): Promise<{ website_id: string; item_id: string; variant_id: string }[]> {
  return db
    .selectFrom('restock_signups as s')
    .innerJoin('product_variants as v', 'v.id', 's.variant_id')
    .innerJoin('products as p', 'p.item_id', 'v.item_id')
    .select(['s.website_id', 's.item_id', 's.variant_id'])
    .distinct()
    .where('s.status', '=', 'waiting')
    .where((eb) => eb.or([eb('v.unlimited', '=', 1), eb('v.stock', '>', 0), eb('p.product_type', 'not in', [...STOCKED_TYPES])]))
    .orderBy('s.website_id')
    .orderBy('s.variant_id')
    .execute();
}
