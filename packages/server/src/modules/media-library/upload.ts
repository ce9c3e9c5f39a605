import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EDITOR_VALIDATION_MESSAGES, FILE_MESSAGES } from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import { bumpWebsiteVersion } from '../../storage/assets.js';
import { checkBlobKey } from '../../storage/blobs/keys.js';
import type { Store } from '../../storage/dialect.js';
import type { UploadLimits, MediaKind } from './limits.js';
import { displayName, nameCandidates, safeFileName } from './names.js';
import { insertAsset, takenPaths } from './store.js';
import { putThrough } from './stream-put.js';
import { UploadRefused, UploadTap } from './tap.js';

/** Uploaded files live under this folder of the site's assets, beside those `tessera import` brought. */
const UPLOAD_FOLDER = 'assets/uploads';

export type UploadOutcome =
  | { readonly ok: true; readonly fileName: string; readonly assetId: string }
  | { readonly ok: false; readonly fileName: string; readonly code: string; readonly error: string };

export interface UploadContext {
  readonly store: Store;
  readonly websiteId: string;
  readonly limits: UploadLimits;
  readonly expected: MediaKind | undefined;
  readonly now: number;
  readonly log: FastifyBaseLogger;
}

/** Lets the rest of a refused file flow by, so that the request's next file can be read. */
async function drain(file: Readable): Promise<void> {
  if (file.readableEnded || file.destroyed) return;
  await new Promise<void>((resolve) => {
    file.once('end', resolve);
    file.once('error', () => resolve());
    file.once('close', resolve);
    file.resume();
  });
}

/**
 * Streams one file of a request into the blob store and records it: checked by content while it
 * streams (tap.ts), put atomically (a put that fails keeps nothing), and only then given its row, so
 * that a row never names a half file. Its blob key is made here, never from the file's name.
 */
export async function storeUpload(ctx: UploadContext, sentName: string, file: Readable, siteBytesLeft: number): Promise<UploadOutcome & { size?: number }> {
  const shown = displayName(sentName) || 'file';
  const safe = safeFileName(sentName);
  if (!safe) {
    await drain(file);
    return { ok: false, fileName: shown, code: 'FILE_NAME_REQUIRED', error: EDITOR_VALIDATION_MESSAGES.enterFileName };
  }
  const tap = new UploadTap(shown, ctx.limits, siteBytesLeft, ctx.expected);
  const id = randomUUID();
  const key = checkBlobKey(`sites/${ctx.websiteId}/uploads/${id}`);
  try {
    await putThrough(ctx.store.blobs, key, file, tap, 'the upload was cut off');
  } catch (error) {
    await drain(file);
    if (error instanceof UploadRefused) return { ok: false, fileName: shown, code: error.code, error: error.message };
    // The request was cut off, or the store failed: the put kept nothing.
    ctx.log.warn({ err: error, file: shown }, 'media: an upload did not complete');
    return { ok: false, fileName: shown, code: 'FILE_UPLOAD_INCOMPLETE', error: FILE_MESSAGES.uploadIncomplete };
  }
  const type = tap.type!;
  try {
    const candidates = nameCandidates(safe, 50).map((n) => `${UPLOAD_FOLDER}/${n}`);
    const taken = await takenPaths(ctx.store.db, ctx.websiteId, candidates);
    const path = candidates.find((p) => !taken.has(p)) ?? `${UPLOAD_FOLDER}/${id}-${safe}`;
    await insertAsset(ctx.store.db, {
      id,
      website_id: ctx.websiteId,
      path,
      display_name: shown,
      content_type: type.mime,
      size: tap.size,
      sha256: tap.sha256,
      blob_key: key,
      created_on: ctx.now,
    });
    // Pages read a site's assets per version: the new file is served at once.
    await bumpWebsiteVersion(ctx.store.db, ctx.websiteId);
  } catch (error) {
    await ctx.store.blobs.delete(key);
    ctx.log.error({ err: error, file: shown }, 'media: an upload could not be recorded');
    return { ok: false, fileName: shown, code: 'FILE_UPLOAD_FAILED', error: FILE_MESSAGES.uploadProblem };
  }
  return { ok: true, fileName: shown, assetId: id, size: tap.size };
}
