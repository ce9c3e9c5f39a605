import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_MESSAGES } from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import { prepareBytes } from '../../media/index.js';
import type { NewBytes } from '../../media/prepare.js';
import { bumpWebsiteVersion, type ImageColumns, replaceVariants, type VariantRow } from '../../storage/assets.js';
import { checkBlobKey } from '../../storage/blobs/keys.js';
import type { Store } from '../../storage/dialect.js';
import { kindOfType } from './kinds.js';
import type { UploadLimits } from './limits.js';
import { displayName } from './names.js';
import { findLibraryAsset, siteBytes } from './store.js';
import { assetBlobs, type OldBytes, swapBytes } from './swap.js';
import { putThrough } from './stream-put.js';
import { UploadRefused, UploadTap } from './tap.js';
import { type MediaAsset, describeAssets } from './view.js';

export type ReplaceRefusal = { readonly ok: false; readonly code: string; readonly error: string; readonly reason?: string };
type ReplaceOutcome = { readonly ok: true; readonly asset: MediaAsset } | ReplaceRefusal;

/** New bytes stored and processed beside the old ones: committed (the row names them) or discarded. */
export interface Staged {
  readonly ok: true;
  /** Points the row at the new bytes and deletes the old ones; undefined when the asset is gone. */
  commit(): Promise<ReplaceOutcome | undefined>;
  discard(): Promise<void>;
}

export interface ReplaceContext {
  readonly store: Store;
  readonly websiteId: string;
  readonly limits: UploadLimits;
  readonly now: number;
  readonly log: FastifyBaseLogger;
}

/**
 * Puts a file's new bytes under a key of their own while the old ones are still served, checks them
 * as an upload is checked (by content, the kind of the file they replace, its kind's limit, what
 * the site has left counting the old file's size as free), makes an image's variants, and only then
 * points the row at them (swap.ts). Whatever fails before that keeps the old file, and nothing of
 * the new one stays behind.
 */
export async function stageReplacement(ctx: ReplaceContext, assetId: string, sentName: string, file: Readable): Promise<Staged | ReplaceRefusal | undefined> {
  const row = await findLibraryAsset(ctx.store.db, ctx.websiteId, assetId);
  if (!row) {
    // Let the file flow by, so that the request's body ends and the answer can go.
    file.resume();
    return undefined;
  }
  const shown = displayName(sentName) || 'file';
  const left = ctx.limits.siteMb * 1_000_000 - (await siteBytes(ctx.store.db, ctx.websiteId)) + Number(row.size);
  const tap = new UploadTap(shown, ctx.limits, left, undefined, kindOfType(row.content_type));
  const key = checkBlobKey(`sites/${ctx.websiteId}/uploads/${randomUUID()}`);
  try {
    await putThrough(ctx.store.blobs, key, file, tap, 'the upload was cut off');
  } catch (error) {
    file.resume();
    if (error instanceof UploadRefused) return { ok: false, code: error.code, error: error.message };
    ctx.log.warn({ err: error, file: shown }, 'media: a replacement did not complete');
    return { ok: false, code: 'FILE_UPLOAD_INCOMPLETE', error: FILE_MESSAGES.uploadIncomplete };
  }
  const type = tap.type!;
  const sha256 = tap.sha256;
  const bytes: NewBytes = { websiteId: ctx.websiteId, assetId, blobKey: key, sha256, size: tap.size, contentType: type.mime };
  const prepared = await prepareBytes(ctx.store, bytes, ctx.now);
  if (!prepared.ok) {
    // A replacement that cannot be read is refused, not kept: the old file goes on being served.
    await ctx.store.blobs.delete(key);
    return {
      ok: false,
      code: prepared.code,
      error: prepared.code === 'FILE_PROCESSING_FAILED' ? FILE_MESSAGES.processingFailed : FILE_MESSAGES.processingIncomplete,
      reason: prepared.reason,
    };
  }
  const discard = () =>
    dropUnnamed(
      ctx.store,
      ctx.websiteId,
      key,
      sha256,
      prepared.variants.map((v) => v.blob_key),
    );
  return { ok: true, discard, commit: () => commitReplacement(ctx, shown, bytes, prepared.columns, prepared.variants, discard) };
}

async function commitReplacement(
  ctx: ReplaceContext,
  shown: string,
  bytes: NewBytes,
  columns: ImageColumns,
  variants: VariantRow[],
  discard: () => Promise<void>,
): Promise<ReplaceOutcome | undefined> {
  const { assetId } = bytes;
  let swapped: { old: OldBytes; asset: MediaAsset } | undefined;
  try {
    swapped = await ctx.store.db.transaction().execute(async (tx) => {
      const done = await swapBytes(tx, ctx.websiteId, assetId, bytes, columns);
      if (!done) return undefined;
      await replaceVariants(tx, assetId, variants);
      await bumpWebsiteVersion(tx, ctx.websiteId);
      // Described inside the transaction: the answer is what this replacement made, even when
      // another one commits right after it.
      const asset = (await describeAssets(tx, ctx.websiteId, [assetId])).get(assetId)!;
      return { ...done, asset };
    });
  } catch (error) {
    ctx.log.error({ err: error, file: shown }, 'media: a replacement could not be recorded');
    await discard();
    return { ok: false, code: 'FILE_UPLOAD_FAILED', error: FILE_MESSAGES.uploadProblem };
  }
  if (!swapped) {
    // The file was deleted meanwhile.
    await discard();
    return undefined;
  }
  // Only now that the row names the new bytes may the old ones go, unless another row names them.
  await dropUnnamed(ctx.store, ctx.websiteId, swapped.old.blobKey, swapped.old.sha256, swapped.old.variantKeys);
  return { ok: true, asset: swapped.asset };
}

/** Deletes an original and its variants when no row of the site names them any more. */
async function dropUnnamed(store: Store, websiteId: string, blobKey: string, sha256: string, variantKeys: readonly string[]): Promise<void> {
  const named = await assetBlobs(store.db, websiteId, blobKey, sha256);
  if (!named.original) await store.blobs.delete(blobKey);
  if (!named.variants) for (const k of variantKeys) await store.blobs.delete(k);
}
