import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One asset's row, as the image service reads it. */
export async function findAsset(db: Db, assetId: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'website_id', 'path', 'content_type', 'size', 'sha256', 'blob_key', 'processed_on', 'media_error'])
    .where('id', '=', assetId)
    .executeTakeFirst();
}

/** The images of a site the image service has made variants of, with what it found, keyed by content hash. */
export async function listProcessedImages(db: Db, websiteId: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'sha256', 'content_type', 'width', 'height', 'color_data', 'placeholder', 'processed_on'])
    .where('website_id', '=', websiteId)
    .where('processed_on', 'is not', null)
    .execute();
}

/** Every variant of a site's assets (one query: the snapshot and the import read them per site). */
export async function listSiteVariants(db: Db, websiteId: string) {
  return db
    .selectFrom('asset_variants')
    .select(['asset_id', 'width', 'height', 'format', 'blob_key', 'size'])
    .where('website_id', '=', websiteId)
    .orderBy('asset_id')
    .orderBy('width')
    .execute();
}

/** Every blob key a site's rows name, originals and variants: what a clean-up after an import compares. */
export async function listSiteBlobKeys(db: Db, websiteId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('assets')
    .select('blob_key')
    .where('website_id', '=', websiteId)
    .union(db.selectFrom('asset_variants').select('blob_key').where('website_id', '=', websiteId))
    .execute();
  return new Set(rows.map((r) => r.blob_key));
}

/** Raster images still waiting for their variants (not made yet, and not failed), oldest rows first. */
export async function listUnprocessedImages(db: Db, contentTypes: readonly string[], limit: number) {
  return db
    .selectFrom('assets')
    .select(['id', 'website_id'])
    .where('processed_on', 'is', null)
    .where('media_error', 'is', null)
    .where('content_type', 'in', [...contentTypes])
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface VariantRow {
  readonly asset_id: string;
  readonly website_id: string;
  readonly width: number;
  readonly height: number;
  readonly format: string;
  readonly blob_key: string;
  readonly size: number;
}

/** Replaces an asset's variants (its old ones go: a new original has new variants). */
export async function replaceVariants(tx: Transaction<Database>, assetId: string, rows: readonly VariantRow[]): Promise<void> {
  await tx.deleteFrom('asset_variants').where('asset_id', '=', assetId).execute();
  for (let i = 0; i < rows.length; i += 100) {
    await tx
      .insertInto('asset_variants')
      .values(rows.slice(i, i + 100) as VariantRow[])
      .execute();
  }
}

/** What the image service found in an image, kept on its row. */
export interface ImageColumns {
  readonly width: number | null;
  readonly height: number | null;
  readonly color_data: string | null;
  readonly placeholder: string | null;
  readonly processed_on: number | null;
  readonly media_error: string | null;
}

/** Records the image service's result on an asset, if it still holds the same content. */
export async function updateImageColumns(tx: Db, assetId: string, sha256: string, columns: Partial<ImageColumns>): Promise<boolean> {
  const result = await tx.updateTable('assets').set(columns).where('id', '=', assetId).where('sha256', '=', sha256).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Pages of a site read its assets per version: a change to them is a new version. */
export async function bumpWebsiteVersion(tx: Db, websiteId: string): Promise<void> {
  await tx
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', websiteId)
    .execute();
}
