import type { BlobStore } from '../storage/blobs/index.js';
import { variantKey } from '../storage/blobs/index.js';
import type { ImageColumns, VariantRow } from '../storage/assets.js';
import type { Rendition } from './images.js';

const MIME: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/**
 * Puts a rendition's variants in the blob store, named by the original's hash (a variant of the same
 * bytes is the same blob), and returns their rows. All or nothing: when one put fails, the blobs put
 * before it are deleted again and the error is thrown.
 */
export async function storeVariants(blobs: BlobStore, websiteId: string, assetId: string, sha256: string, rendition: Rendition): Promise<VariantRow[]> {
  const rows: VariantRow[] = [];
  try {
    for (const v of rendition.variants) {
      const key = variantKey(websiteId, sha256, v.width, v.format);
      await blobs.put(key, v.data, { contentType: MIME[v.format] });
      rows.push({ asset_id: assetId, website_id: websiteId, width: v.width, height: v.height, format: v.format, blob_key: key, size: v.data.byteLength });
    }
  } catch (error) {
    await Promise.allSettled(rows.map((r) => blobs.delete(r.blob_key)));
    throw error;
  }
  return rows;
}

/** The columns of an asset row that record a rendition. */
export function renditionColumns(rendition: Rendition, now: number): ImageColumns {
  return {
    width: rendition.width,
    height: rendition.height,
    color_data: JSON.stringify(rendition.colorData),
    placeholder: rendition.placeholder,
    processed_on: now,
    media_error: null,
  };
}
