import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export const LIBRARY_COLUMNS = [
  'id',
  'path',
  'display_name',
  'content_type',
  'size',
  'sha256',
  'width',
  'height',
  'alt',
  'title',
  'focal_x',
  'focal_y',
  'created_on',
  'processed_on',
  'media_error',
  'placeholder',
  'duration_ms',
  'poster_asset_id',
  'embed',
] as const;

/** What the site stores in all, in bytes (the per-site limit compares it). */
export async function siteBytes(db: Db, websiteId: string): Promise<number> {
  const row = await db
    .selectFrom('assets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('total'))
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Which of these paths the site has already. */
export async function takenPaths(db: Db, websiteId: string, paths: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('assets')
    .select('path')
    .where('website_id', '=', websiteId)
    .where('path', 'in', [...paths])
    .execute();
  return new Set(rows.map((r) => r.path));
}

export interface NewAsset {
  readonly id: string;
  readonly website_id: string;
  readonly path: string;
  readonly display_name: string;
  readonly content_type: string;
  readonly size: number;
  readonly sha256: string;
  readonly blob_key: string;
  readonly created_on: number;
}

export async function insertAsset(db: Db, row: NewAsset): Promise<void> {
  await db
    .insertInto('assets')
    .values({
      ...row,
      width: null,
      height: null,
      color_data: null,
      placeholder: null,
      processed_on: null,
      media_error: null,
      alt: '',
      title: '',
      focal_x: null,
      focal_y: null,
    })
    .execute();
}

/** One asset of a site as the library shows it. */
export async function findLibraryAsset(db: Db, websiteId: string, id: string) {
  return db.selectFrom('assets').select(LIBRARY_COLUMNS).select('blob_key').where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
}

/** The posters of a page of assets (their paths and hashes, for their URLs), in one query. */
export async function postersOf(db: Db, websiteId: string, posterIds: readonly string[]) {
  if (posterIds.length === 0) return [];
  return db
    .selectFrom('assets')
    .select(['id', 'path', 'sha256'])
    .where('website_id', '=', websiteId)
    .where('id', 'in', [...posterIds])
    .execute();
}

/** The variants of a page of assets, in one query. */
export async function variantsOf(db: Db, assetIds: readonly string[]) {
  if (assetIds.length === 0) return [];
  return db
    .selectFrom('asset_variants')
    .select(['asset_id', 'width', 'height', 'format', 'size'])
    .where('asset_id', 'in', [...assetIds])
    .orderBy('asset_id')
    .orderBy('width')
    .orderBy('format')
    .execute();
}

export interface AssetChanges {
  display_name?: string;
  alt?: string;
  title?: string;
  focal_x?: number | null;
  focal_y?: number | null;
}

export async function updateAsset(db: Db, websiteId: string, id: string, changes: AssetChanges): Promise<boolean> {
  if (Object.keys(changes).length === 0) return true;
  const result = await db.updateTable('assets').set(changes).where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAssetRow(db: Db, websiteId: string, id: string): Promise<void> {
  await db.deleteFrom('asset_variants').where('asset_id', '=', id).execute();
  await db.deleteFrom('assets').where('website_id', '=', websiteId).where('id', '=', id).execute();
}

/** Whether another asset of the site still names this blob (the same bytes are stored once). */
export async function blobStillNamed(db: Db, websiteId: string, blobKey: string): Promise<boolean> {
  const row = await db.selectFrom('assets').select('id').where('website_id', '=', websiteId).where('blob_key', '=', blobKey).limit(1).executeTakeFirst();
  return !!row;
}
