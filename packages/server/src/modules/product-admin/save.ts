import { checkContentLimits } from '@tessera/core';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import { newId } from '../../storage/ids.js';
import { itemRow, planRow, productRow, variantRow } from '../../storage/product-rows.js';
import { type Executor, isUniqueViolation } from '../../storage/statement.js';
import { adjustStock } from '../inventory/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { productsCollection } from './list.js';
import { bumpSiteVersion } from './remove.js';
import type { SaveBodyValue } from './schemas.js';
import { type EditedProduct, parseEditedProduct } from './validate.js';

/** What a save works with: the site, who saves, and when. */
export interface SaveContext {
  readonly store: Store;
  readonly s: SiteSnapshot;
  readonly email: string;
  readonly now: number;
}

type CollectionRow = ReturnType<typeof productsCollection>;

/**
 * `POST /api/owner/products` (id null) and `PUT /api/owner/products/:id`: the editor's product
 * checked as `tessera import` checks it, then written in one transaction through the rows import
 * writes (storage/product-rows.ts). An update is compare-and-set on the item's revision: a save
 * made from an older revision is refused with PRODUCT_CHANGED and changes nothing. A save never
 * changes the stock of a variant that exists; a new variant's stock is recorded as its `created`
 * adjustment. The site's version is bumped in the same transaction, so pages show the change at
 * once. Answers the product's id.
 */
export async function saveProduct(c: SaveContext, id: string | null, body: SaveBodyValue): Promise<string> {
  const edited = parseEditedProduct(c.s, body.item);
  const collection = productsCollection(c.s, body.collection);
  if (id !== null && body.revision === undefined) {
    throw new AppError('VALIDATION_FAILED', undefined, { revision: 'Send the revision the product was opened at.' });
  }
  return c.store.db
    .transaction()
    .execute(async (tx) => {
      const current = id === null ? null : await currentItem(tx, c.s.website.id, id);
      if (id !== null && !current) throw new AppError('NOT_FOUND');
      if (current && current.revision !== body.revision) throw new AppError('PRODUCT_CHANGED');
      const itemId = id ?? newId();
      await refuseConflicts(tx, c.s, itemId, collection, edited, current?.collection_id !== collection.id);
      const position = current && current.collection_id === collection.id ? current.position : await nextPosition(tx, collection.id);
      const row = itemRow({ websiteId: c.s.website.id, collectionId: collection.id, kind: 'products', id: itemId, position, now: c.now }, edited.item);
      if (current) {
        const { id: _id, created_on: _created, ...changes } = row;
        const updated = await tx
          .updateTable('items')
          .set((eb) => ({ ...changes, revision: eb('revision', '+', 1) }))
          .where('id', '=', itemId)
          .where('revision', '=', current.revision)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new AppError('PRODUCT_CHANGED');
      } else {
        await tx
          .insertInto('items')
          .values({ ...row, revision: 1 })
          .execute();
      }
      await writeProductRows(c, tx, itemId, edited);
      await bumpSiteVersion(tx, c.s.website.id, c.now);
      return itemId;
    })
    .catch((error: unknown) => {
      // Another save took the URL slug or a SKU between this save's checks and its write.
      if (isUniqueViolation(error)) throw new AppError('VALIDATION_FAILED', undefined, { item: RACED });
      throw error;
    });
}

const RACED = 'Another product took this URL slug or one of these SKUs at the same moment: save again to see which.';

async function currentItem(tx: Executor, websiteId: string, id: string) {
  const row = await tx
    .selectFrom('items')
    .innerJoin('products', 'products.item_id', 'items.id')
    .select(['items.collection_id', 'items.revision', 'items.position'])
    .where('items.website_id', '=', websiteId)
    .where('items.id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, revision: Number(row.revision), position: Number(row.position) } : null;
}

async function nextPosition(tx: Executor, collectionId: string): Promise<number> {
  const row = await tx
    .selectFrom('items')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * The refusals that need the store, all reported at once on their fields: a URL slug of another
 * item of the collection, a SKU of another product's variant, a full collection (the spec's 200
 * products), a related product that does not exist.
 */
async function refuseConflicts(tx: Executor, s: SiteSnapshot, itemId: string, collection: CollectionRow, edited: EditedProduct, joining: boolean) {
  const errors: Record<string, string> = {};
  const { item } = edited;
  const slug = await tx
    .selectFrom('items')
    .select('id')
    .where('collection_id', '=', collection.id)
    .where('url_id', '=', item.urlId)
    .where('id', '!=', itemId)
    .executeTakeFirst();
  if (slug) errors['item.urlId'] = `"${item.urlId}" is already the URL slug of another item of this collection`;

  const skus = item.product.variants.map((v) => v.sku);
  const taken = await tx
    .selectFrom('product_variants as v')
    .innerJoin('items as i', 'i.id', 'v.item_id')
    .innerJoin('collections as c', 'c.id', 'i.collection_id')
    .select(['v.sku', 'i.url_id', 'c.url_id as collection'])
    .where('v.website_id', '=', s.website.id)
    .where('v.sku', 'in', skus)
    .where('v.item_id', '!=', itemId)
    .execute();
  const owners = new Map(taken.map((t) => [t.sku, `${t.collection}/${t.url_id}`]));
  item.product.variants.forEach((v, i) => {
    const owner = owners.get(v.sku);
    if (owner) errors[`item.product.variants[${i}].sku`] = `"${v.sku}" is already the SKU of ${owner}; SKUs are unique in a site`;
  });

  if (joining) {
    const count = await tx
      .selectFrom('items')
      .innerJoin('products', 'products.item_id', 'items.id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('items.collection_id', '=', collection.id)
      .executeTakeFirst();
    const [message] = checkContentLimits({ productsInCollection: Number(count?.n ?? 0) + 1 });
    if (message) errors.collection = message;
  }

  const related = Array.isArray(item.product.data.relatedProducts) ? (item.product.data.relatedProducts as string[]) : [];
  if (related.length > 0) {
    const urlIds = related.map((r) => r.split('/')[1]!);
    const found = await tx
      .selectFrom('items')
      .innerJoin('products', 'products.item_id', 'items.id')
      .select(['items.collection_id', 'items.url_id'])
      .where('items.website_id', '=', s.website.id)
      .where('items.url_id', 'in', urlIds)
      .execute();
    const known = new Set(found.map((f) => `${s.collectionsById.get(f.collection_id)?.url_id}/${f.url_id}`));
    related.forEach((ref, i) => {
      if (!known.has(ref)) errors[`item.product.relatedProducts[${i}]`] ??= `no product "${ref}"`;
    });
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
}

/**
 * The product, its variants and its plan. Variants are matched by the id the editor sent, else by
 * SKU; existing ones keep their stock, the others are deleted (orders keep their lines) and new
 * ones start at 0 and get their stock through the inventory's recorded adjustment.
 */
async function writeProductRows(c: SaveContext, tx: Executor, itemId: string, edited: EditedProduct) {
  const websiteId = c.s.website.id;
  const p = edited.item.product;
  await tx
    .insertInto('products')
    .values(productRow(websiteId, itemId, p))
    .onConflict((oc) =>
      oc.column('item_id').doUpdateSet((eb) => ({
        product_type: eb.ref('excluded.product_type'),
        variant_option_ordering: eb.ref('excluded.variant_option_ordering'),
        is_subscribable: eb.ref('excluded.is_subscribable'),
        additional_fields_form_id: eb.ref('excluded.additional_fields_form_id'),
        custom_add_button_text: eb.ref('excluded.custom_add_button_text'),
        data: eb.ref('excluded.data'),
      })),
    )
    .execute();

  const existing = await tx.selectFrom('product_variants').select(['id', 'sku']).where('item_id', '=', itemId).execute();
  const ids = matchVariants(existing, edited);
  const kept = new Set(ids.filter((id): id is string => id !== null));
  const gone = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (gone.length > 0) await tx.deleteFrom('product_variants').where('id', 'in', gone).execute();
  // A SKU may pass from one variant of the product to another: free them all first.
  const renamed = existing.filter((v) => kept.has(v.id) && p.variants[ids.indexOf(v.id)]!.sku !== v.sku);
  for (const v of renamed)
    await tx
      .updateTable('product_variants')
      .set({ sku: `~renaming~${v.id}` })
      .where('id', '=', v.id)
      .execute();

  const place = { websiteId, itemId, currency: c.s.currency };
  for (const [position, v] of p.variants.entries()) {
    const id = ids[position];
    if (id) {
      const { id: _id, stock: _stock, ...changes } = variantRow({ ...place, id, position }, v);
      await tx.updateTable('product_variants').set(changes).where('id', '=', id).execute();
      continue;
    }
    const created = newId();
    await tx
      .insertInto('product_variants')
      .values({ ...variantRow({ ...place, id: created, position }, v), stock: 0 })
      .execute();
    if (!v.unlimited && v.stock > 0) {
      await adjustStock(c.store, tx, {
        websiteId,
        variantId: created,
        change: { delta: v.stock },
        reason: 'created',
        actor: { kind: 'staff', email: c.email },
        now: c.now,
      });
    }
  }
  await tx.deleteFrom('subscription_plans').where('item_id', '=', itemId).execute();
  if (p.subscriptionPlan)
    await tx
      .insertInto('subscription_plans')
      .values(planRow(websiteId, itemId, p.subscriptionPlan))
      .execute();
}

/** Each edited variant's stored id: the id it was opened with when it is this product's, else the one of its SKU, else null (new). */
function matchVariants(existing: { id: string; sku: string }[], edited: EditedProduct): (string | null)[] {
  const byId = new Set(existing.map((v) => v.id));
  const bySku = new Map(existing.map((v) => [v.sku, v.id]));
  const used = new Set<string>();
  const ids = edited.variantIds.map((id) => {
    if (id === null || !byId.has(id) || used.has(id)) return null;
    used.add(id);
    return id;
  });
  return ids.map((id, i) => {
    if (id) return id;
    const match = bySku.get(edited.item.product.variants[i]!.sku);
    if (match && !used.has(match)) {
      used.add(match);
      return match;
    }
    return null;
  });
}
