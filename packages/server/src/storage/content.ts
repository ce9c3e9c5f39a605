import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { preparedQuery, type Param } from './prepared.js';
import type {
  CollectionsTable,
  Database,
  FormsTable,
  ItemsTable,
  NavigationTable,
  ProductVariantsTable,
  ProductsTable,
  SiteSettingsTable,
  SubscriptionPlansTable,
  ThemesTable,
  WebsitesTable,
} from './schema.js';

export type WebsiteRow = Selectable<WebsitesTable>;
export type SiteSettingsRow = Selectable<SiteSettingsTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type ItemRow = Selectable<ItemsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type VariantRow = Selectable<ProductVariantsTable>;
export type PlanRow = Selectable<SubscriptionPlansTable>;
export type FormRow = Selectable<FormsTable>;
export type NavigationRow = Selectable<NavigationTable>;
export type ThemeRow = Selectable<ThemesTable>;

type Db = Kysely<Database>;

/**
 * What a visitor may see: published items, and scheduled items whose time has come. Drafts,
 * items that need review and private items never reach a visitor, whatever the path
 * (lists, item pages, search, ?format=json, API). Every visitor query goes through this.
 */
export function visibleAt(now: number) {
  return (eb: ExpressionBuilder<Database, 'items'>) =>
    eb.or([eb('items.status', '=', 'published'), eb.and([eb('items.status', '=', 'scheduled'), eb('items.publish_on', '<=', now)])]);
}

/**
 * The SQL half of `visibleAt` for reads kept across requests (storage/prepared.ts), which cannot
 * depend on the clock: the items that are or will be visible. `isVisibleAt` decides for a time.
 */
const publishedOrScheduled = (eb: ExpressionBuilder<Database, 'items'>) => eb('items.status', 'in', ['published', 'scheduled']);

/** `visibleAt` for a row already read. */
function isVisibleAt(row: { status: string; publish_on: number | null }, now: number): boolean {
  return row.status === 'published' || (row.status === 'scheduled' && row.publish_on !== null && row.publish_on <= now);
}

type Publication = { status: string; publish_on: number | null };
const visibleByRows = new WeakMap<readonly Publication[], { from: number; until: number; visible: readonly Publication[] }>();

/**
 * The rows of a kept read visible at `now`, in their order. The answer holds until the next
 * scheduled publication (and from the last one passed), so a kept list is filtered once per change
 * of what is visible, not once per request.
 */
function visibleRows<Row extends Publication>(rows: readonly Row[], now: number): readonly Row[] {
  const known = visibleByRows.get(rows);
  if (known && known.from <= now && now < known.until) return known.visible as readonly Row[];
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (row.status !== 'scheduled' || row.publish_on === null) continue;
    if (row.publish_on <= now) from = Math.max(from, row.publish_on);
    else until = Math.min(until, row.publish_on);
  }
  const visible = Object.freeze(rows.filter((row) => isVisibleAt(row, now)));
  visibleByRows.set(rows, { from, until, visible });
  return visible;
}

const resolveWebsiteQuery = preparedQuery(
  (db: Kysely<Database>, p) =>
    db
      .selectFrom('websites')
      .select(['websites.id', 'websites.version'])
      .leftJoin('website_hosts', (join) => join.onRef('website_hosts.website_id', '=', 'websites.id').on('website_hosts.host', '=', p(0)))
      .where((eb) => eb.or([eb('website_hosts.host', 'is not', null), eb('websites.is_default', '=', 1)]))
      .orderBy('websites.is_default', 'asc')
      .limit(sql.lit(1)),
  { reads: ['websites', 'website_hosts'] },
);

/** The site answering a Host: the site that lists the host, else the default site. */
export async function resolveWebsite(db: Db, host: string): Promise<{ id: string; version: number } | undefined> {
  const [row] = await resolveWebsiteQuery(db, [host]);
  return row;
}

const websiteVersionQuery = preparedQuery((db: Kysely<Database>, p) => db.selectFrom('websites').select(['id', 'version']).where('id', '=', p(0)), {
  reads: ['websites'],
});

/** A website's current version (bumped on every change to its settings, collections, navigation or theme). */
export async function websiteVersion(db: Db, id: string): Promise<{ id: string; version: number } | undefined> {
  const [row] = await websiteVersionQuery(db, [id]);
  return row;
}

export async function countWebsites(db: Db): Promise<number> {
  const row = await db
    .selectFrom('websites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findWebsite(db: Db, id: string): Promise<WebsiteRow | undefined> {
  return db.selectFrom('websites').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSiteSettings(db: Db, websiteId: string): Promise<SiteSettingsRow | undefined> {
  return db.selectFrom('site_settings').selectAll().where('website_id', '=', websiteId).executeTakeFirst();
}

export async function listCollections(db: Db, websiteId: string): Promise<CollectionRow[]> {
  return db.selectFrom('collections').selectAll().where('website_id', '=', websiteId).orderBy('position').execute();
}

export async function listNavigation(db: Db, websiteId: string): Promise<NavigationRow[]> {
  return db.selectFrom('navigation').selectAll().where('website_id', '=', websiteId).execute();
}

/** The publication of every plain page's item (a page collection holds one): what the navigation shows visitors. */
export async function listPagePublication(db: Db, websiteId: string): Promise<{ collection_id: string; status: string; publish_on: number | null }[]> {
  return db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select(['items.collection_id', 'items.status', 'items.publish_on'])
    .where('items.website_id', '=', websiteId)
    .where('collections.type_name', '=', 'page')
    .execute();
}

export async function listForms(db: Db, websiteId: string): Promise<FormRow[]> {
  return db.selectFrom('forms').selectAll().where('website_id', '=', websiteId).execute();
}

export async function findTheme(db: Db, websiteId: string, themeId: string): Promise<ThemeRow | undefined> {
  return db.selectFrom('themes').selectAll().where('website_id', '=', websiteId).where('id', '=', themeId).executeTakeFirst();
}

export async function listThemeFiles(db: Db, themeId: string): Promise<{ path: string; content: Uint8Array }[]> {
  return db.selectFrom('theme_files').select(['path', 'content']).where('theme_id', '=', themeId).execute();
}

/** The visible items before and after a position in a collection's display order. */
export async function findNeighbours(db: Db, websiteId: string, collectionId: string, position: number, now: number) {
  const visible = visibleRows(await collectionIdsQuery(db, [websiteId, collectionId]), now);
  // The first visible item past the position, by halving (a collection may hold thousands).
  let low = 0;
  let high = visible.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (visible[middle]!.position <= position) low = middle + 1;
    else high = middle;
  }
  let before = low - 1;
  while (before >= 0 && visible[before]!.position === position) before--;
  return { prev: visible[before], next: visible[low] };
}

export interface ProductRows {
  products: ProductRow[];
  /** Kept rows (storage/prepared.ts): frozen, shared with the next reader. */
  variants: readonly VariantRow[];
  plans: PlanRow[];
}

const ids = (p: Param, from: number, count: number) => Array.from({ length: count }, (_, i) => p(from + i));

const productsQuery = preparedQuery(
  (db: Kysely<Database>, p, count) =>
    db
      .selectFrom('products')
      .leftJoin('subscription_plans', 'subscription_plans.item_id', 'products.item_id')
      .selectAll('products')
      .select([
        'subscription_plans.id as plan_id',
        'subscription_plans.billing_period_value',
        'subscription_plans.billing_period_unit',
        'subscription_plans.num_billing_cycles',
      ])
      .where('products.website_id', '=', p(0))
      .where('products.item_id', 'in', ids(p, 1, count)),
  { reads: ['products', 'subscription_plans'] },
);

const variantsQuery = preparedQuery(
  (db: Kysely<Database>, p, count) =>
    db
      .selectFrom('product_variants')
      .selectAll()
      .where('website_id', '=', p(0))
      .where('item_id', 'in', ids(p, 1, count))
      .orderBy('item_id')
      .orderBy('position'),
  { reads: ['product_variants'] },
);

/** Products, their plans and their variants (with live stock) for the given items: two queries. */
export async function loadProducts(db: Db, websiteId: string, itemIds: string[]): Promise<ProductRows> {
  if (itemIds.length === 0) return { products: [], variants: [], plans: [] };
  const values = [websiteId, ...itemIds];
  const [rows, variants] = await Promise.all([productsQuery(db, values, itemIds.length), variantsQuery(db, values, itemIds.length)]);
  const products: ProductRow[] = [];
  const plans: PlanRow[] = [];
  for (const { plan_id, billing_period_value, billing_period_unit, num_billing_cycles, ...product } of rows) {
    products.push(product);
    if (plan_id !== null) {
      plans.push({
        id: plan_id,
        website_id: product.website_id,
        item_id: product.item_id,
        billing_period_value: billing_period_value!,
        billing_period_unit: billing_period_unit!,
        num_billing_cycles: num_billing_cycles!,
      });
    }
  }
  return { products, variants, plans };
}

/**
 * Visible items whose title, excerpt or body holds every term (case-insensitive), from public
 * collections only. Terms are matched literally: LIKE wildcards in them are escaped.
 */
export async function searchVisibleItems(
  db: Db,
  websiteId: string,
  terms: string[],
  collectionIds: string[],
  now: number,
  limit: number,
  offset: number,
): Promise<ItemRow[]> {
  if (terms.length === 0 || collectionIds.length === 0) return [];
  let query = db
    .selectFrom('items')
    .selectAll()
    .where('items.website_id', '=', websiteId)
    .where('items.collection_id', 'in', collectionIds)
    .where(visibleAt(now));
  for (const term of terms) {
    const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // ESCAPE is spelled out: SQLite has no default escape character for LIKE.
    query = query.where((eb) =>
      eb.or(['items.title', 'items.excerpt', 'items.body', 'items.search_text'].map((col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)),
    );
  }
  return query.orderBy('items.publish_on', 'desc').orderBy('items.position').limit(limit).offset(offset).execute();
}

// The ids, publication, place, address and title of a collection's items that are or will be visible,
// in display order: what a kept catalog (modules/site/catalog.ts) reads live, the rest of each row coming from what it
// keeps. The read is kept until the items change; a page of it is cut for each request.
const collectionIdsQuery = preparedQuery(
  (db: Kysely<Database>, p) =>
    db
      .selectFrom('items')
      .select(['items.id', 'items.status', 'items.publish_on', 'items.position', 'items.url_id', 'items.title'])
      .where('items.website_id', '=', p(0))
      .where('items.collection_id', '=', p(1))
      .where(publishedOrScheduled)
      .orderBy('items.position'),
  { reads: ['items'] },
);

/** One page of a collection's visible items as ids with their publication, and how many are visible (null past the end). */
export async function listVisibleItemIds(
  db: Db,
  websiteId: string,
  collectionId: string,
  now: number,
  limit: number,
  offset: number,
): Promise<{ rows: readonly Pick<ItemRow, 'id' | 'status' | 'publish_on'>[]; count: number | null }> {
  const visible = visibleRows(await collectionIdsQuery(db, [websiteId, collectionId]), now);
  const rows = visible.slice(offset, offset + Math.trunc(limit));
  return { rows, count: rows.length > 0 ? visible.length : null };
}

// The products of some collections visible at `now` but one, as ids with their publication, in
// display order: a product page's related products when the owner chose none (the rest of each row
// comes from the kept catalog). One statement per number of collections.
const visibleProductIdsQuery = preparedQuery(
  (db: Kysely<Database>, p, count) =>
    db
      .selectFrom('items')
      .innerJoin('products', 'products.item_id', 'items.id')
      .select(['items.id', 'items.status', 'items.publish_on'])
      .where('items.website_id', '=', p(0))
      .where('items.id', '!=', p(1))
      .where(publishedOrScheduled)
      .where('items.collection_id', 'in', ids(p, 2, count))
      .orderBy('items.position')
      .orderBy('items.id'),
  { reads: ['items', 'products'] },
);

/** The visible products of these collections, but one item, as ids with their publication, in display order. */
export async function listVisibleProductIds(
  db: Db,
  websiteId: string,
  collectionIds: readonly string[],
  exceptItemId: string,
  now: number,
): Promise<readonly Pick<ItemRow, 'id' | 'status' | 'publish_on'>[]> {
  if (collectionIds.length === 0) return [];
  return visibleRows(await visibleProductIdsQuery(db, [websiteId, exceptItemId, ...collectionIds], collectionIds.length), now);
}

// Items named by collection and slug (product blocks, chosen related products), as two lists: one
// statement per number of collections and of slugs.
const itemsByPlaceQuery = preparedQuery(
  (db: Kysely<Database>, p, shape) => {
    const collections = Math.floor(shape / 1000);
    return db
      .selectFrom('items')
      .select(['id', 'status', 'publish_on', 'collection_id', 'url_id'])
      .where('website_id', '=', p(0))
      .where('collection_id', 'in', ids(p, 1, collections))
      .where('url_id', 'in', ids(p, 1 + collections, shape % 1000))
      .where(publishedOrScheduled);
  },
  { reads: ['items'] },
);

/** The items visible at `now` whose collection is one of these and whose slug is one of these, as ids with their place and publication. */
export async function listVisibleItemsByPlace(
  db: Db,
  websiteId: string,
  collectionIds: readonly string[],
  urlIds: readonly string[],
  now: number,
): Promise<readonly Pick<ItemRow, 'id' | 'status' | 'publish_on' | 'collection_id' | 'url_id'>[]> {
  if (collectionIds.length === 0 || urlIds.length === 0) return [];
  // More than 999 slugs would not fit the shape's number: such a page reads in parts.
  if (urlIds.length > 999) {
    const parts = await Promise.all(
      Array.from({ length: Math.ceil(urlIds.length / 999) }, (_, i) =>
        listVisibleItemsByPlace(db, websiteId, collectionIds, urlIds.slice(i * 999, (i + 1) * 999), now),
      ),
    );
    return parts.flat();
  }
  const rows = await itemsByPlaceQuery(db, [websiteId, ...collectionIds, ...urlIds], collectionIds.length * 1000 + urlIds.length);
  return visibleRows(rows, now);
}

const findVisibleItemWithProductQuery = preparedQuery(
  (db: Kysely<Database>, p) =>
    db
      .selectFrom('items')
      .leftJoin('products', 'products.item_id', 'items.id')
      .leftJoin('subscription_plans', 'subscription_plans.item_id', 'items.id')
      .selectAll('items')
      .select([
        'products.item_id as product_item_id',
        'products.product_type',
        'products.variant_option_ordering',
        'products.is_subscribable',
        'products.additional_fields_form_id',
        'products.custom_add_button_text',
        'products.data as product_data',
        'subscription_plans.id as plan_id',
        'subscription_plans.billing_period_value',
        'subscription_plans.billing_period_unit',
        'subscription_plans.num_billing_cycles',
      ])
      .where('items.website_id', '=', p(0))
      .where('items.collection_id', '=', p(1))
      .where('items.url_id', '=', p(2))
      .where(publishedOrScheduled),
  { reads: ['items', 'products', 'subscription_plans'] },
);

const variantsOfItemQuery = preparedQuery(
  (db: Kysely<Database>, p) => db.selectFrom('product_variants').selectAll().where('website_id', '=', p(0)).where('item_id', '=', p(1)).orderBy('position'),
  { reads: ['product_variants'] },
);

/** An item page's data in two queries: the visible item with its product and plan, then its variants. */
export async function findVisibleItemWithProduct(
  db: Db,
  websiteId: string,
  collectionId: string,
  urlId: string,
  now: number,
): Promise<{ item: ItemRow; products: ProductRows } | undefined> {
  const [row] = await findVisibleItemWithProductQuery(db, [websiteId, collectionId, urlId]);
  if (!row || !isVisibleAt(row, now)) return undefined;
  const {
    product_item_id,
    product_type,
    variant_option_ordering,
    is_subscribable,
    additional_fields_form_id,
    custom_add_button_text,
    product_data,
    plan_id,
    billing_period_value,
    billing_period_unit,
    num_billing_cycles,
    ...item
  } = row;
  if (product_item_id === null) return { item, products: { products: [], variants: [], plans: [] } };
  const product: ProductRow = {
    item_id: product_item_id,
    website_id: item.website_id,
    product_type: product_type!,
    variant_option_ordering: variant_option_ordering!,
    is_subscribable: is_subscribable!,
    additional_fields_form_id,
    custom_add_button_text: custom_add_button_text!,
    data: product_data!,
  };
  const plans: PlanRow[] =
    plan_id === null
      ? []
      : [
          {
            id: plan_id,
            website_id: item.website_id,
            item_id: item.id,
            billing_period_value: billing_period_value!,
            billing_period_unit: billing_period_unit!,
            num_billing_cycles: num_billing_cycles!,
          },
        ];
  const variants = await variantsOfItemQuery(db, [websiteId, item.id]);
  return { item, products: { products: [product], variants, plans } };
}

const visibleItemByUrlQuery = preparedQuery(
  (db: Kysely<Database>, p) =>
    db
      .selectFrom('items')
      .select(['items.id', 'items.status', 'items.publish_on'])
      .where('items.website_id', '=', p(0))
      .where('items.collection_id', '=', p(1))
      .where('items.url_id', '=', p(2))
      .where(publishedOrScheduled),
  { reads: ['items'] },
);

/** The id and publication of a collection's item by its URL slug, when it is visible at `now`. */
export async function findVisibleItemIdByUrl(
  db: Db,
  websiteId: string,
  collectionId: string,
  urlId: string,
  now: number,
): Promise<Pick<ItemRow, 'id' | 'status' | 'publish_on'> | undefined> {
  const [row] = await visibleItemByUrlQuery(db, [websiteId, collectionId, urlId]);
  return row && isVisibleAt(row, now) ? row : undefined;
}

const itemsByIdQuery = preparedQuery(
  (db: Kysely<Database>, p, count) =>
    db
      .selectFrom('items')
      .selectAll()
      .where('website_id', '=', p(0))
      .where('id', 'in', ids(p, 1, count)),
  { reads: ['items'] },
);

/** Items of a site by id (in no order). */
export async function findItems(db: Db, websiteId: string, itemIds: readonly string[]): Promise<readonly ItemRow[]> {
  if (itemIds.length === 0) return [];
  return itemsByIdQuery(db, [websiteId, ...itemIds], itemIds.length);
}

/** The variants of the given items (prices and live stock), in item and display order. */
export async function loadVariants(db: Db, websiteId: string, itemIds: readonly string[]): Promise<readonly VariantRow[]> {
  if (itemIds.length === 0) return [];
  return variantsQuery(db, [websiteId, ...itemIds], itemIds.length);
}
