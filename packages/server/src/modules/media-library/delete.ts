import type { Transaction } from 'kysely';
import { bumpWebsiteVersion } from '../../storage/assets.js';
import type { Store } from '../../storage/dialect.js';
import type { Database } from '../../storage/schema.js';
import { blobStillNamed, deleteAssetRow, findLibraryAsset } from './store.js';
import { type AssetUse, contentNaming, referencePattern, usesByPath } from './uses.js';

export type DeleteResult = { status: 'not-found' } | { status: 'in-use'; uses: AssetUse[] } | { status: 'deleted'; uses: AssetUse[] };

/**
 * A value of stored content without the references to `path`: array entries that are the path (or an
 * object whose `path` is), object fields that are the path become null. Answers whether anything changed.
 */
function withoutPath(value: unknown, path: string, pattern: RegExp): { value: unknown; changed: boolean } {
  const names = (v: unknown) =>
    (typeof v === 'string' && pattern.test(v)) ||
    (!!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { path?: unknown }).path === 'string' && pattern.test((v as { path: string }).path));
  if (Array.isArray(value)) {
    let changed = false;
    const kept: unknown[] = [];
    for (const entry of value) {
      if (names(entry)) {
        changed = true;
        continue;
      }
      const inner = withoutPath(entry, path, pattern);
      changed ||= inner.changed;
      kept.push(inner.value);
    }
    return { value: kept, changed };
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && pattern.test(v)) {
        // Text that mentions the file among other words (a caption, HTML) loses its images of it only.
        const cleaned = stripImages(v, pattern);
        out[k] = cleaned === v ? null : cleaned;
        changed = true;
        continue;
      }
      const inner = withoutPath(v, path, pattern);
      changed ||= inner.changed;
      out[k] = inner.value;
    }
    return { value: out, changed };
  }
  return { value, changed: false };
}

/** HTML without the `<img>` elements that show the file. */
function stripImages(html: string, pattern: RegExp): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => (pattern.test(tag) ? '' : tag));
}

function cleanJson(text: string, path: string, pattern: RegExp): string | null {
  const parsed = withoutPath(JSON.parse(text), path, pattern);
  return parsed.changed ? JSON.stringify(parsed.value) : null;
}

/** Takes the path out of every item, product, collection and the site's settings that name it, in one transaction. */
async function removeReferences(tx: Transaction<Database>, websiteId: string, path: string, uses: readonly AssetUse[]): Promise<void> {
  const pattern = referencePattern(path);
  const itemIds = uses.filter((u) => u.kind === 'item' || u.kind === 'product').map((u) => u.id);
  if (itemIds.length > 0) {
    const items = await tx
      .selectFrom('items')
      .select(['id', 'data', 'body', 'excerpt'])
      .where('website_id', '=', websiteId)
      .where('id', 'in', itemIds)
      .execute();
    for (const item of items) {
      const data = cleanJson(item.data, path, pattern);
      await tx
        .updateTable('items')
        .set({ ...(data !== null ? { data } : {}), body: stripImages(item.body, pattern), excerpt: stripImages(item.excerpt, pattern) })
        .where('id', '=', item.id)
        .execute();
    }
    const products = await tx.selectFrom('products').select(['item_id', 'data']).where('website_id', '=', websiteId).where('item_id', 'in', itemIds).execute();
    for (const product of products) {
      const data = cleanJson(product.data, path, pattern);
      if (data !== null) await tx.updateTable('products').set({ data }).where('item_id', '=', product.item_id).execute();
    }
    const variants = await tx
      .selectFrom('product_variants')
      .select(['id', 'image'])
      .where('website_id', '=', websiteId)
      .where('item_id', 'in', itemIds)
      .execute();
    const named = variants.filter((v) => v.image && pattern.test(v.image)).map((v) => v.id);
    if (named.length > 0) await tx.updateTable('product_variants').set({ image: null }).where('id', 'in', named).execute();
  }
  const collectionIds = uses.filter((u) => u.kind === 'collection').map((u) => u.id);
  if (collectionIds.length > 0) {
    const collections = await tx
      .selectFrom('collections')
      .select(['id', 'data'])
      .where('website_id', '=', websiteId)
      .where('id', 'in', collectionIds)
      .execute();
    for (const c of collections) {
      const data = cleanJson(c.data, path, pattern);
      if (data !== null) await tx.updateTable('collections').set({ data }).where('id', '=', c.id).execute();
    }
  }
  // The videos it is the poster of lose their poster (their own files stay).
  if (uses.some((u) => u.kind === 'media')) {
    await tx
      .updateTable('assets')
      .set({ poster_asset_id: null })
      .where('website_id', '=', websiteId)
      .where('poster_asset_id', 'in', (eb) => eb.selectFrom('assets').select('id').where('website_id', '=', websiteId).where('path', '=', path))
      .execute();
  }
  if (uses.some((u) => u.kind === 'site')) {
    const settings = await tx.selectFrom('site_settings').select(['logo', 'website_settings']).where('website_id', '=', websiteId).executeTakeFirst();
    if (settings) {
      const websiteSettings = cleanJson(settings.website_settings, path, pattern);
      await tx
        .updateTable('site_settings')
        .set({
          logo: settings.logo && pattern.test(settings.logo) ? null : settings.logo,
          ...(websiteSettings !== null ? { website_settings: websiteSettings } : {}),
        })
        .where('website_id', '=', websiteId)
        .execute();
    }
  }
}

/**
 * Deletes an asset: refused while something uses it, unless `force`, which first takes it out of
 * those places (one transaction with the row's deletion). Its blobs go after the transaction, when
 * no other asset of the site names the same bytes.
 */
export async function deleteAsset(store: Store, websiteId: string, id: string, force: boolean): Promise<DeleteResult> {
  const row = await findLibraryAsset(store.db, websiteId, id);
  if (!row) return { status: 'not-found' };
  const uses = usesByPath(await contentNaming(store.db, websiteId, [row.path]), [row.path]).get(row.path) ?? [];
  if (uses.length > 0 && !force) return { status: 'in-use', uses };
  const variantKeys = (await store.db.selectFrom('asset_variants').select('blob_key').where('asset_id', '=', id).execute()).map((v) => v.blob_key);
  await store.db.transaction().execute(async (tx) => {
    if (uses.length > 0) await removeReferences(tx, websiteId, row.path, uses);
    await deleteAssetRow(tx, websiteId, id);
    await bumpWebsiteVersion(tx, websiteId);
  });
  if (!(await blobStillNamed(store.db, websiteId, row.blob_key))) await store.blobs.delete(row.blob_key);
  const twin = await store.db
    .selectFrom('assets')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('sha256', '=', row.sha256)
    .limit(1)
    .executeTakeFirst();
  if (!twin) for (const key of variantKeys) await store.blobs.delete(key);
  return { status: 'deleted', uses };
}
