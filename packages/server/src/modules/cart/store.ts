import type { Store } from '../../storage/dialect.js';
import { visibleAt } from '../../storage/content.js';
import { rawStatement, statement, writeTransaction, type Executor } from '../../storage/statement.js';
import type { CartsTable } from '../../storage/schema-commerce.js';

/** The cart's queries: one statement per function, compiled once per dialect. */

export type CartRow = CartsTable;

const cartByTokenStatement = statement((db, p) => db.selectFrom('carts').selectAll().where('token_hash', '=', p(0)).where('website_id', '=', p(1)));

// In a transaction on PostgreSQL the row is locked: a cart's writes and its checkout happen one at a time.
const lockCartStatement = statement((db, p, dialect) =>
  db
    .selectFrom('carts')
    .selectAll()
    .where('token_hash', '=', p(0))
    .where('website_id', '=', p(1))
    .$if(dialect === 'postgres', (q) => q.forUpdate()),
);

export async function findCart(store: Store, db: Executor, websiteId: string, tokenHash: string): Promise<CartRow | undefined> {
  return (await cartByTokenStatement(store, db, [tokenHash, websiteId])).rows[0];
}

/** The cart, locked for the rest of the transaction on PostgreSQL (SQLite's write transaction holds the whole store). */
export async function lockCart(store: Store, tx: Executor, websiteId: string, tokenHash: string): Promise<CartRow | undefined> {
  return (await lockCartStatement(store, tx, [tokenHash, websiteId])).rows[0];
}

const insertCartStatement = statement((db, p) =>
  db.insertInto('carts').values({
    id: p(0),
    website_id: p(1),
    token_hash: p(2),
    kind: p(3),
    member_id: null,
    is_purchased: 0,
    order_id: null,
    coupons: '[]',
    shipping_location: null,
    shipping_option_id: null,
    created_on: p(4),
    updated_on: p(4),
  }),
);

export async function insertCart(store: Store, tx: Executor, cart: Pick<CartRow, 'id' | 'website_id' | 'token_hash' | 'kind' | 'created_on'>) {
  await insertCartStatement(store, tx, [cart.id, cart.website_id, cart.token_hash, cart.kind, cart.created_on]);
}

/** Changes the cart's own fields (its entries carry their own times); `updated_on` is the last such change. */
export async function updateCart(
  tx: Executor,
  cartId: string,
  now: number,
  set: Partial<Pick<CartRow, 'coupons' | 'shipping_location' | 'shipping_option_id' | 'is_purchased' | 'order_id'>>,
) {
  await tx
    .updateTable('carts')
    .set({ ...set, updated_on: now })
    .where('id', '=', cartId)
    .execute();
}

const touchCartStatement = statement((db, p) =>
  db
    .updateTable('carts')
    .set({ updated_on: p(1) })
    .where('id', '=', p(0)),
);

/**
 * Marks the cart as written to now (`updated_on`), so that pruning (below) counts it as touched.
 * Callers do it at most once per CART_TOUCH_INTERVAL_MS: a day's precision is plenty against a
 * retention of weeks, and saves an update on most writes.
 */
export async function touchCart(store: Store, tx: Executor, cartId: string, now: number) {
  await touchCartStatement(store, tx, [cartId, now]);
}

export interface EntryRow {
  id: string;
  item_id: string;
  sku: string;
  quantity: number;
  additional_fields: string | null;
  position: number;
  created_on: number;
}

const entriesStatement = statement((db, p) =>
  db
    .selectFrom('cart_entries')
    .select(['id', 'item_id', 'sku', 'quantity', 'additional_fields', 'position', 'created_on'])
    .where('cart_id', '=', p(0))
    .orderBy('position'),
);

export async function listEntries(store: Store, db: Executor, cartId: string): Promise<EntryRow[]> {
  return (await entriesStatement(store, db, [cartId])).rows;
}

const insertEntryStatement = statement((db, p) =>
  db.insertInto('cart_entries').values({
    id: p(0),
    website_id: p(1),
    cart_id: p(2),
    item_id: p(3),
    sku: p(4),
    quantity: p(5),
    additional_fields: p(6),
    position: p(7),
    created_on: p(8),
  }),
);

export async function insertEntry(store: Store, tx: Executor, e: EntryRow & { website_id: string; cart_id: string }) {
  await insertEntryStatement(store, tx, [e.id, e.website_id, e.cart_id, e.item_id, e.sku, e.quantity, e.additional_fields, e.position, e.created_on]);
}

const setQuantityStatement = statement((db, p) =>
  db
    .updateTable('cart_entries')
    .set({ quantity: p(2) })
    .where('id', '=', p(0))
    .where('cart_id', '=', p(1)),
);

export async function setEntryQuantity(store: Store, tx: Executor, cartId: string, entryId: string, quantity: number) {
  await setQuantityStatement(store, tx, [entryId, cartId, quantity]);
}

export async function setEntryFields(tx: Executor, cartId: string, entryId: string, additionalFields: string | null) {
  await tx.updateTable('cart_entries').set({ additional_fields: additionalFields }).where('id', '=', entryId).where('cart_id', '=', cartId).execute();
}

export async function deleteEntry(tx: Executor, cartId: string, entryId: string) {
  await tx.deleteFrom('cart_entries').where('id', '=', entryId).where('cart_id', '=', cartId).execute();
}

// The cart's hot reads (every cart write locks the cart and reads its entries) as arrays of columns
// (storage/statement.ts rawStatement), turned into rows here.
const CART_COLUMNS = [
  'id',
  'website_id',
  'token_hash',
  'kind',
  'member_id',
  'is_purchased',
  'order_id',
  'coupons',
  'shipping_location',
  'shipping_option_id',
  'created_on',
  'updated_on',
] as const;
const ENTRY_COLUMNS = ['id', 'item_id', 'sku', 'quantity', 'additional_fields', 'position', 'created_on'] as const;

const lockCartRawStatement = rawStatement((db, p, dialect) =>
  db
    .selectFrom('carts')
    .select(CART_COLUMNS)
    .where('token_hash', '=', p(0))
    .where('website_id', '=', p(1))
    .$if(dialect === 'postgres', (q) => q.forUpdate()),
);

const entriesRawStatement = rawStatement((db, p) => db.selectFrom('cart_entries').select(ENTRY_COLUMNS).where('cart_id', '=', p(0)));

/**
 * The cart of a token with its entries (in the order they were added), locked for the rest of the
 * transaction on PostgreSQL (SQLite's immediate transaction holds the whole store). Two statements:
 * on PostgreSQL a `for update` that waited for another transaction re-reads the locked row only, so
 * entries joined to it would be those of before the wait; read after the lock, they are the
 * committed ones.
 */
export async function lockCartWithEntries(
  store: Store,
  tx: Executor,
  websiteId: string,
  tokenHash: string,
): Promise<{ cart: CartRow; entries: EntryRow[] } | undefined> {
  const c = (await lockCartRawStatement(store, tx, [tokenHash, websiteId])).rows[0];
  if (!c) return undefined;
  const cart: CartRow = {
    id: c[0] as string,
    website_id: c[1] as string,
    token_hash: c[2] as string,
    kind: c[3] as CartRow['kind'],
    member_id: c[4] as string | null,
    is_purchased: Number(c[5]) as CartRow['is_purchased'],
    order_id: c[6] as string | null,
    coupons: c[7] as string,
    shipping_location: c[8] as string | null,
    shipping_option_id: c[9] as string | null,
    created_on: Number(c[10]),
    updated_on: Number(c[11]),
  };
  const entries: EntryRow[] = [];
  for (const r of (await entriesRawStatement(store, tx, [cart.id])).rows) {
    entries.push({
      id: r[0] as string,
      item_id: r[1] as string,
      sku: r[2] as string,
      quantity: Number(r[3]),
      additional_fields: r[4] as string | null,
      position: Number(r[5]),
      created_on: Number(r[6]),
    });
  }
  // Put in order here: an ORDER BY makes SQLite sort what its index gives, at more cost than this.
  entries.sort((a, b) => a.position - b.position);
  return { cart, entries };
}

/** A product that a visitor may buy, one row per variant in display order (live stock). */
export interface PurchasableRow {
  item_id: string;
  title: string;
  url_id: string;
  collection_id: string;
  product_type: number;
  variant_option_ordering: string;
  is_subscribable: number;
  additional_fields_form_id: string | null;
  variant_id: string;
  image: string | null;
  sku: string;
  attributes: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  stock: number;
  unlimited: number;
}

const purchasableStatement = statement((db, p) =>
  db
    .selectFrom('items')
    .innerJoin('products', 'products.item_id', 'items.id')
    .innerJoin('product_variants as v', 'v.item_id', 'items.id')
    .select([
      'items.id as item_id',
      'items.title',
      'items.url_id',
      'items.collection_id',
      'products.product_type',
      'products.variant_option_ordering',
      'products.is_subscribable',
      'products.additional_fields_form_id',
      'v.id as variant_id',
      'v.sku',
      'v.attributes',
      'v.price_cents',
      'v.sale_price_cents',
      'v.on_sale',
      'v.stock',
      'v.unlimited',
      'v.image',
    ])
    .where('items.website_id', '=', p(0))
    .where('items.id', '=', p(1))
    .where(visibleAt(p(2)))
    .orderBy('v.position'),
);

/**
 * The variants of a visible product, with live stock; none when the item is hidden or not a
 * product. Members-only collections (the snapshot knows them) are not for sale to visitors until
 * the accounts issue.
 */
export async function findPurchasable(
  store: Store,
  db: Executor,
  websiteId: string,
  itemId: string,
  now: number,
  publicCollections: (collectionId: string) => boolean,
): Promise<PurchasableRow[]> {
  const rows = (await purchasableStatement(store, db, [websiteId, itemId, now])).rows as PurchasableRow[];
  return rows.length > 0 && publicCollections(rows[0]!.collection_id) ? rows : [];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a cart that was never bought is kept after its last write. A visitor's cart cookie
 * lasts 30 days from the add that made the cart (visitor.ts), so by then no browser can reach it.
 */
export const CART_RETENTION_MS = 30 * DAY_MS;
/** A member's cart is theirs on every sign-in (accounts/member-cart.ts): it is kept longer. */
export const MEMBER_CART_RETENTION_MS = 90 * DAY_MS;
/** Cart writes record their time (`updated_on`) at most this often (touchCart). */
export const CART_TOUCH_INTERVAL_MS = DAY_MS;
/** Carts deleted per transaction: each batch holds the store's write lock (SQLite) only briefly. */
const CART_PRUNE_BATCH_SIZE = 500;

export interface PruneCartsOptions {
  readonly retentionMs?: number;
  readonly memberRetentionMs?: number;
  readonly batchSize?: number;
}

/**
 * Up to `limit` carts, of every site, that nothing needs any more: never bought (a bought cart is
 * the order's: `order_id`, and the subscription page reads it by its token), not named by any order
 * (a declined order's cart is the visitor's again, but the order still names it), and not written
 * to since the cutoff (a member's cart since its own cutoff). On PostgreSQL the rows are locked,
 * skipping those a cart write or checkout holds (that cart is not abandoned); SQLite's write
 * transaction holds the whole store.
 */
async function abandonedCartIds(store: Store, tx: Executor, cutoff: number, memberCutoff: number, limit: number): Promise<string[]> {
  const rows = await tx
    .selectFrom('carts')
    .select('id')
    .where('is_purchased', '=', 0)
    .where('order_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('member_id', 'is', null), eb('updated_on', '<', cutoff)]),
        eb.and([eb('member_id', 'is not', null), eb('updated_on', '<', memberCutoff)]),
      ]),
    )
    // NOT IN over the whole column: both dialects read the orders' cart ids once per statement.
    .where('id', 'not in', (eb) => eb.selectFrom('orders').select('cart_id as id').where('cart_id', 'is not', null).$narrowType<{ id: string }>())
    .limit(limit)
    .$if(store.dialect === 'postgres', (q) => q.forUpdate().skipLocked())
    .execute();
  return rows.map((r) => r.id);
}

async function deleteEntriesOfCarts(tx: Executor, cartIds: readonly string[]): Promise<void> {
  await tx.deleteFrom('cart_entries').where('cart_id', 'in', cartIds).execute();
}

async function deleteCarts(tx: Executor, cartIds: readonly string[]): Promise<number> {
  const result = await tx.deleteFrom('carts').where('id', 'in', cartIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes abandoned carts (abandonedCartIds) with their entries, `batchSize` carts per write
 * transaction, until none is left; answers how many were deleted. Meant to run now and then from
 * the job runner (docs/commerce-api.md "Abandoned carts"); safe to run from several processes at once.
 */
export async function pruneAbandonedCarts(store: Store, now: number, options: PruneCartsOptions = {}): Promise<number> {
  const cutoff = now - (options.retentionMs ?? CART_RETENTION_MS);
  const memberCutoff = now - (options.memberRetentionMs ?? MEMBER_CART_RETENTION_MS);
  const batchSize = Math.max(1, options.batchSize ?? CART_PRUNE_BATCH_SIZE);
  let deleted = 0;
  for (;;) {
    const batch = await writeTransaction(store, async (tx) => {
      const ids = await abandonedCartIds(store, tx, cutoff, memberCutoff, batchSize);
      if (ids.length === 0) return { found: 0, deleted: 0 };
      // The entries first: the foreign key would cascade, but only where SQLite enforces it.
      await deleteEntriesOfCarts(tx, ids);
      return { found: ids.length, deleted: await deleteCarts(tx, ids) };
    });
    deleted += batch.deleted;
    if (batch.found < batchSize) return deleted;
  }
}
