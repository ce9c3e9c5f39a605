import { readAll } from '../storage/blobs/index.js';
import type { ImageColumns, VariantRow } from '../storage/assets.js';
import type { Store } from '../storage/dialect.js';
import { ImageProcessingError, renderImage } from './images.js';
import { MAX_IMAGE_BYTES } from './limits.js';
import { RASTER_FORMATS } from './sniff.js';
import { renditionColumns, storeVariants } from './store.js';

/** The bytes an asset is about to hold, already whole in the blob store. */
export interface NewBytes {
  readonly websiteId: string;
  readonly assetId: string;
  readonly blobKey: string;
  readonly sha256: string;
  readonly size: number;
  readonly contentType: string;
}

/** What the row records of new bytes, and the variant rows to put beside it. */
export type Prepared =
  | { readonly ok: true; readonly columns: ImageColumns; readonly variants: VariantRow[] }
  | { readonly ok: false; readonly code: 'FILE_PROCESSING_FAILED' | 'FILE_PROCESSING_INCOMPLETE'; readonly reason: string };

const NOT_AN_IMAGE: ImageColumns = { width: null, height: null, color_data: null, placeholder: null, processed_on: null, media_error: null };

/**
 * Makes the variants, colorData and placeholder of bytes an asset does not hold yet (a file that
 * replaces another), so that the row can name them and their variants in one step: until then the
 * old file is served whole. A file that is no raster image gets the empty image columns. The variant
 * blobs are named by content; a failure deletes those put and answers why, never an exception for a
 * bad image.
 */
export async function prepareBytes(store: Store, bytes: NewBytes, now: number): Promise<Prepared> {
  if (!RASTER_FORMATS[bytes.contentType]) return { ok: true, columns: NOT_AN_IMAGE, variants: [] };
  if (bytes.size > MAX_IMAGE_BYTES) return { ok: false, code: 'FILE_PROCESSING_FAILED', reason: `the file is larger than ${MAX_IMAGE_BYTES / 1_000_000} MB` };
  let data: Buffer;
  try {
    const read = await store.blobs.get(bytes.blobKey);
    if (!read) return { ok: false, code: 'FILE_PROCESSING_INCOMPLETE', reason: `the file's bytes are missing from ${store.blobs.description}` };
    data = await readAll(read.stream, MAX_IMAGE_BYTES);
  } catch (error) {
    return { ok: false, code: 'FILE_PROCESSING_INCOMPLETE', reason: `the file could not be read: ${(error as Error).message}` };
  }
  let rendition: Awaited<ReturnType<typeof renderImage>>;
  try {
    rendition = await renderImage(data);
  } catch (error) {
    if (error instanceof ImageProcessingError) return { ok: false, code: 'FILE_PROCESSING_FAILED', reason: error.reason };
    throw error;
  }
  try {
    const variants = await storeVariants(store.blobs, bytes.websiteId, bytes.assetId, bytes.sha256, rendition);
    return { ok: true, columns: renditionColumns(rendition, now), variants };
  } catch (error) {
    return { ok: false, code: 'FILE_PROCESSING_INCOMPLETE', reason: `the variants could not be stored: ${(error as Error).message}` };
  }
}
