import type { Clock } from '../clock.js';
import { systemClock } from '../clock.js';
import { readAll } from '../storage/blobs/index.js';
import { bumpWebsiteVersion, findAsset, replaceVariants, updateImageColumns } from '../storage/assets.js';
import type { Store } from '../storage/dialect.js';
import { ImageProcessingError, renderImage } from './images.js';
import { MAX_IMAGE_BYTES } from './limits.js';
import { RASTER_FORMATS } from './sniff.js';
import { renditionColumns, storeVariants } from './store.js';

/** What processImage did: a typed result, never an exception for a bad image. */
export type ProcessResult =
  | { readonly ok: true; readonly status: 'processed' | 'already' | 'not-an-image'; readonly variants: number }
  | { readonly ok: false; readonly code: 'NOT_FOUND' | 'FILE_PROCESSING_FAILED' | 'FILE_PROCESSING_INCOMPLETE'; readonly reason: string };

/**
 * Makes an image asset's variants, colorData and placeholder, once: the image service's one entry
 * for an asset whose bytes are in the blob store (an upload, a row moved by migration 0015). Safe to
 * call again and from several processes: an asset already processed is left as it is, variant blobs
 * are named by content, and the row is only updated while it still holds the bytes that were read.
 *
 * - An image that cannot be read (damaged, truncated, over the pixel limit) is marked with its
 *   reason (`media_error`, not tried again) and answers FILE_PROCESSING_FAILED; it is still served
 *   as it is, without variants.
 * - A failure of the blob store answers FILE_PROCESSING_INCOMPLETE, leaving nothing half-made: it may
 *   be tried again.
 */
export async function processImage(store: Store, assetId: string, clock: Clock = systemClock): Promise<ProcessResult> {
  const asset = await findAsset(store.db, assetId);
  if (!asset) return { ok: false, code: 'NOT_FOUND', reason: 'no such asset' };
  if (asset.processed_on !== null) return { ok: true, status: 'already', variants: 0 };
  if (!RASTER_FORMATS[asset.content_type]) return { ok: true, status: 'not-an-image', variants: 0 };
  if (asset.size > MAX_IMAGE_BYTES) return fail(store, asset, `the file is larger than ${MAX_IMAGE_BYTES / 1_000_000} MB`);

  let bytes: Buffer;
  try {
    const read = await store.blobs.get(asset.blob_key);
    if (!read) return { ok: false, code: 'FILE_PROCESSING_INCOMPLETE', reason: `the file's bytes are missing from ${store.blobs.description}` };
    bytes = await readAll(read.stream, MAX_IMAGE_BYTES);
  } catch (error) {
    return { ok: false, code: 'FILE_PROCESSING_INCOMPLETE', reason: `the file could not be read: ${(error as Error).message}` };
  }

  let rendition: Awaited<ReturnType<typeof renderImage>>;
  try {
    rendition = await renderImage(bytes);
  } catch (error) {
    if (error instanceof ImageProcessingError) return fail(store, asset, error.reason);
    throw error;
  }

  let rows: Awaited<ReturnType<typeof storeVariants>>;
  try {
    rows = await storeVariants(store.blobs, asset.website_id, asset.id, asset.sha256, rendition);
  } catch (error) {
    return { ok: false, code: 'FILE_PROCESSING_INCOMPLETE', reason: `the variants could not be stored: ${(error as Error).message}` };
  }
  const kept = await store.db.transaction().execute(async (tx) => {
    // The owner may have replaced the file meanwhile: then these variants belong to nothing.
    if (!(await updateImageColumns(tx, asset.id, asset.sha256, renditionColumns(rendition, clock())))) return false;
    await replaceVariants(tx, asset.id, rows);
    await bumpWebsiteVersion(tx, asset.website_id);
    return true;
  });
  // Its variant blobs stay: they are named by content, so another asset of the same bytes may use them.
  if (!kept) return { ok: false, code: 'NOT_FOUND', reason: 'the asset changed while its variants were made' };
  return { ok: true, status: 'processed', variants: rows.length };
}

async function fail(store: Store, asset: { id: string; sha256: string; website_id: string }, reason: string): Promise<ProcessResult> {
  await updateImageColumns(store.db, asset.id, asset.sha256, { media_error: reason });
  return { ok: false, code: 'FILE_PROCESSING_FAILED', reason };
}
