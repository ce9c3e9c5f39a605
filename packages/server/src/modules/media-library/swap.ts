import type { Kysely, Transaction } from 'kysely';
import type { ImageColumns } from '../../storage/assets.js';
import type { Database } from '../../storage/schema.js';
import type { NewBytes } from '../../media/prepare.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The bytes a row named before a replacement: what may be deleted once no row names them. */
export interface OldBytes {
  readonly blobKey: string;
  readonly sha256: string;
  readonly variantKeys: string[];
}

/** How much a new image's shape may differ from the old one's before its focal point means nothing. */
const SAME_SHAPE = 1.2;

async function currentBytes(tx: Db, websiteId: string, assetId: string) {
  return tx
    .selectFrom('assets')
    .select(['blob_key', 'sha256', 'width', 'height'])
    .where('website_id', '=', websiteId)
    .where('id', '=', assetId)
    .executeTakeFirst();
}

async function variantKeys(tx: Db, assetId: string): Promise<string[]> {
  return (await tx.selectFrom('asset_variants').select('blob_key').where('asset_id', '=', assetId).execute()).map((v) => v.blob_key);
}

function shapeChanged(old: { width: number | null; height: number | null }, next: ImageColumns): boolean {
  if (!old.width || !old.height || !next.width || !next.height) return true;
  const ratio = old.width / old.height / (next.width / next.height);
  return ratio > SAME_SHAPE || ratio < 1 / SAME_SHAPE;
}

/**
 * Points an asset's row at new bytes: compare-and-set on the blob key it names, so that of two
 * replacements the last to commit wins and each knows exactly which bytes it took the place of
 * (hence which blobs to delete: none is left named by nobody, none deleted while named). Name, path,
 * alt text and title stay; the focal point stays unless the new image's shape differs by more than a
 * fifth. Undefined when the asset is gone.
 */
export async function swapBytes(
  tx: Transaction<Database>,
  websiteId: string,
  assetId: string,
  bytes: NewBytes,
  columns: ImageColumns,
): Promise<{ old: OldBytes } | undefined> {
  for (;;) {
    const current = await currentBytes(tx, websiteId, assetId);
    if (!current) return undefined;
    const oldVariants = await variantKeys(tx, assetId);
    const resetFocus = shapeChanged(current, columns);
    const result = await tx
      .updateTable('assets')
      .set({
        blob_key: bytes.blobKey,
        sha256: bytes.sha256,
        size: bytes.size,
        content_type: bytes.contentType,
        // A video's or a track's length is read again from the new bytes; a link entry replaced by a file is a file.
        duration_ms: null,
        embed: null,
        ...columns,
        ...(resetFocus ? { focal_x: null, focal_y: null } : {}),
      })
      .where('website_id', '=', websiteId)
      .where('id', '=', assetId)
      .where('blob_key', '=', current.blob_key)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return { old: { blobKey: current.blob_key, sha256: current.sha256, variantKeys: oldVariants } };
  }
}

/** Whether a row of the site still names this original, and whether one holds these bytes (hence their variants). */
export async function assetBlobs(db: Db, websiteId: string, blobKey: string, sha256: string): Promise<{ original: boolean; variants: boolean }> {
  const rows = await db
    .selectFrom('assets')
    .select(['blob_key', 'sha256'])
    .where('website_id', '=', websiteId)
    .where((eb) => eb.or([eb('blob_key', '=', blobKey), eb('sha256', '=', sha256)]))
    .execute();
  return { original: rows.some((r) => r.blob_key === blobKey), variants: rows.some((r) => r.sha256 === sha256) };
}
