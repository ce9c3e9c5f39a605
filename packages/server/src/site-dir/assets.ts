import { createHash } from 'node:crypto';
import { unsupportedFileMessage } from '@tessera/core';
import { ImageProcessingError, renderImage } from '../media/images.js';
import { RASTER_FORMATS, namesAnImage, sniff } from '../media/sniff.js';
import { durationOfBytes, EMBED_TYPES, isTimedMedia } from '../media/duration.js';
import { EMBED_FOLDER, embedFacts, embedKind } from '../media/embeds/facts.js';
import { renditionColumns, storeVariants } from '../media/store.js';
import { listProcessedImages, listSiteVariants, type ImageColumns, type VariantRow } from '../storage/assets.js';
import { originalKey } from '../storage/blobs/index.js';
import { contentTypeOf } from '../storage/content-types.js';
import type { Store } from '../storage/dialect.js';
import { stableId } from '../storage/ids.js';
import { imageSize } from '../storage/image-size.js';
import { SiteDirectoryError, type SiteIssue } from './checker.js';
import type { FileEntry } from './types.js';

/** An asset row of an import, its bytes already in the blob store. */
interface PreparedAsset extends ImageColumns {
  readonly id: string;
  readonly website_id: string;
  readonly path: string;
  readonly content_type: string;
  readonly size: number;
  readonly sha256: string;
  readonly blob_key: string;
  /** A video's or audio file's length, read at import (else the media-durations job reads it). */
  readonly duration_ms?: number | null;
  /** An entry the media library added from a link, brought back from its facts' file. */
  readonly embed?: string | null;
}

export interface PreparedAssets {
  readonly rows: PreparedAsset[];
  readonly variants: VariantRow[];
  /** The blobs this import put that were not there before: deleted again if its transaction fails. */
  readonly created: readonly string[];
}

const sha256 = (content: Uint8Array) => createHash('sha256').update(content).digest('hex');
const NO_IMAGE: ImageColumns = { width: null, height: null, color_data: null, placeholder: null, processed_on: null, media_error: null };

/**
 * Before an import's transaction: checks the site's image files by their content, makes the variants
 * of each raster image (once per content: an image the site had before keeps its variants), and puts
 * every file and variant in the blob store, so that the rows the transaction writes only ever name
 * blobs that are whole. A file named as an image that is not one, or an image that cannot be read,
 * fails the import with every such file listed (SiteDirectoryError); the blobs this call put are
 * deleted again, and the store is as it was.
 */
export async function prepareSiteAssets(store: Store, websiteId: string, files: readonly FileEntry[], now: number): Promise<PreparedAssets> {
  const [processed, variants, existing] = await Promise.all([
    listProcessedImages(store.db, websiteId),
    listSiteVariants(store.db, websiteId),
    store.db.selectFrom('assets').select(['id', 'path']).where('website_id', '=', websiteId).execute(),
  ]);
  // A file the site has already keeps its row (its id, and what the media library knows of it: name,
  // alt text, title, focal point, upload date), whether an import or an upload brought it first.
  const idOfPath = new Map(existing.map((a) => [a.path, a.id]));
  const known = new Map(processed.map((p) => [p.sha256, p]));
  // The same bytes under two paths of this import are made into variants once.
  const fresh = new Map<string, { image: ImageColumns; variants: VariantRow[] }>();
  const variantsOf = new Map<string, VariantRow[]>();
  for (const v of variants) variantsOf.set(v.asset_id, [...(variantsOf.get(v.asset_id) ?? []), { ...v, website_id: websiteId }]);

  const issues: SiteIssue[] = [];
  const rows: PreparedAsset[] = [];
  const variantRows: VariantRow[] = [];
  const created: string[] = [];
  const put = async (key: string, bytes: Uint8Array, contentType: string) => {
    if (await store.blobs.exists(key)) return;
    await store.blobs.put(key, bytes, { contentType });
    created.push(key);
  };
  try {
    for (const file of files) {
      const id = idOfPath.get(file.path) ?? stableId(websiteId, 'asset', file.path);
      const hash = sha256(file.content);
      let contentType = contentTypeOf(file.path);
      let image: ImageColumns = { ...NO_IMAGE, ...imageSize(file.path, file.content) };
      if (namesAnImage(file.path)) {
        const sniffed = await sniff(file.content);
        if (sniffed?.kind !== 'image') {
          issues.push({ file: file.path, path: '', message: unsupportedFileMessage(file.path.slice(file.path.lastIndexOf('/') + 1), 'image') });
          continue;
        }
        contentType = sniffed.mime;
      }
      if (RASTER_FORMATS[contentType]) {
        const before = known.get(hash);
        const twin = fresh.get(hash);
        if (twin) {
          image = twin.image;
          variantRows.push(...twin.variants.map((v) => ({ ...v, asset_id: id })));
        } else if (before) {
          image = { ...renditionOf(before), media_error: null };
          variantRows.push(...(variantsOf.get(before.id) ?? []).map((v) => ({ ...v, asset_id: id })));
        } else {
          try {
            const rendition = await renderImage(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));
            const stored = await storeVariants(store.blobs, websiteId, id, hash, rendition);
            created.push(...stored.map((v) => v.blob_key));
            variantRows.push(...stored);
            image = renditionColumns(rendition, now);
            fresh.set(hash, { image, variants: stored });
          } catch (error) {
            if (!(error instanceof ImageProcessingError)) throw error;
            issues.push({ file: file.path, path: '', message: `File processing failed: ${error.reason}` });
            continue;
          }
        }
      }
      // Video and audio get their length at once, so that a fresh install's pages show it.
      let timed: { duration_ms: number | null; processed_on?: number; embed: string | null } = { duration_ms: null, embed: null };
      // An entry added from a link, as an export wrote it: its facts, checked again, make it one once more.
      const facts = file.path.startsWith(`${EMBED_FOLDER}/`) && file.path.endsWith('.json') ? embedFacts(Buffer.from(file.content).toString('utf8')) : null;
      if (facts) {
        contentType = EMBED_TYPES[embedKind(facts)];
        timed = { duration_ms: facts.durationMs ?? null, processed_on: now, embed: JSON.stringify(facts) };
      } else if (isTimedMedia(contentType)) {
        const ms = await durationOfBytes(file.content, contentType);
        if (ms !== null) timed = { duration_ms: ms, processed_on: now, embed: null };
      }
      const key = originalKey(websiteId, hash);
      await put(key, file.content, contentType);
      rows.push({
        id,
        website_id: websiteId,
        path: file.path,
        content_type: contentType,
        size: file.content.byteLength,
        sha256: hash,
        blob_key: key,
        ...image,
        ...timed,
      });
    }
    if (issues.length > 0) throw new SiteDirectoryError(issues);
  } catch (error) {
    await Promise.allSettled(created.map((key) => store.blobs.delete(key)));
    throw error;
  }
  return { rows, variants: variantRows, created };
}

function renditionOf(row: {
  width: number | null;
  height: number | null;
  color_data: string | null;
  placeholder: string | null;
  processed_on: number | null;
}): ImageColumns {
  return { width: row.width, height: row.height, color_data: row.color_data, placeholder: row.placeholder, processed_on: row.processed_on, media_error: null };
}

/** After an import's transaction: deletes the blobs that no row of the site names any more. */
export async function deleteUnusedBlobs(store: Store, before: ReadonlySet<string>, after: ReadonlySet<string>): Promise<void> {
  const gone = [...before].filter((key) => !after.has(key));
  await Promise.allSettled(gone.map((key) => store.blobs.delete(key)));
}
