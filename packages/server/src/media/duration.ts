import type { Readable } from 'node:stream';
import { parseBuffer, parseStream } from 'music-metadata';
import type { Clock } from '../clock.js';
import { systemClock } from '../clock.js';
import { bumpWebsiteVersion } from '../storage/assets.js';
import type { Store } from '../storage/dialect.js';

/** What readDuration did: a typed result, never an exception for a file that cannot be read. */
export type DurationResult =
  | { readonly ok: true; readonly status: 'read' | 'already' | 'not-media'; readonly durationMs: number | null }
  | { readonly ok: false; readonly code: 'NOT_FOUND' | 'FILE_PROCESSING_FAILED' | 'FILE_PROCESSING_INCOMPLETE'; readonly reason: string };

/** Content types of library entries added from a link: a video or audio that lives with its provider. */
export const EMBED_TYPES = { video: 'video/x-tessera-embed', audio: 'audio/x-tessera-embed' } as const;

function isEmbedType(contentType: string): boolean {
  return contentType === EMBED_TYPES.video || contentType === EMBED_TYPES.audio;
}

/** Whether a content type is one whose length the reader looks for (an embed entry has none to read). */
export function isTimedMedia(contentType: string): boolean {
  return (contentType.startsWith('video/') || contentType.startsWith('audio/')) && !isEmbedType(contentType);
}

/**
 * The length of a video or audio file in milliseconds, read from its content by music-metadata (MP4
 * and M4A, MP3, WebM and Matroska, Ogg, WAV, FLAC...). The stream is parsed as it flows: formats
 * that state their length in a header are read no further than it, the others (an MP3 without a
 * Xing header, Ogg) to their end, but never held whole in memory.
 */
async function durationOf(stream: Readable, contentType: string): Promise<number | null> {
  try {
    const meta = await parseStream(stream, { mimeType: contentType }, { duration: true, skipCovers: true });
    const seconds = meta.format.duration;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
  } finally {
    stream.destroy();
  }
}

/** The length of a file already in memory (an import's files), or null when it cannot be found. */
export async function durationOfBytes(bytes: Uint8Array, contentType: string): Promise<number | null> {
  try {
    const meta = await parseBuffer(bytes, { mimeType: contentType }, { duration: true, skipCovers: true });
    const seconds = meta.format.duration;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
  } catch {
    return null;
  }
}

/**
 * Reads and keeps the duration of a video or audio asset, once (`processed_on` marks it read, as it
 * marks an image's variants made). A file whose length cannot be found is kept and served as it is,
 * marked with "File processing failed" and its reason; a failure of the blob store leaves the row
 * untouched, to be tried again.
 */
export async function readDuration(store: Store, assetId: string, clock: Clock = systemClock): Promise<DurationResult> {
  const asset = await store.db
    .selectFrom('assets')
    .select(['id', 'website_id', 'content_type', 'blob_key', 'sha256', 'processed_on', 'duration_ms'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!asset) return { ok: false, code: 'NOT_FOUND', reason: 'no such asset' };
  if (!isTimedMedia(asset.content_type)) return { ok: true, status: 'not-media', durationMs: null };
  if (asset.processed_on !== null) return { ok: true, status: 'already', durationMs: asset.duration_ms === null ? null : Number(asset.duration_ms) };
  let read: Awaited<ReturnType<Store['blobs']['get']>>;
  try {
    read = await store.blobs.get(asset.blob_key);
  } catch (error) {
    return { ok: false, code: 'FILE_PROCESSING_INCOMPLETE', reason: `the file could not be read: ${(error as Error).message}` };
  }
  if (!read) return { ok: false, code: 'FILE_PROCESSING_INCOMPLETE', reason: `the file's bytes are missing from ${store.blobs.description}` };
  let durationMs: number | null = null;
  let failure: string | null = null;
  try {
    durationMs = await durationOf(read.stream, asset.content_type);
    if (durationMs === null) failure = 'File processing failed: the file does not say how long it is';
  } catch (error) {
    failure = `File processing failed: ${(error as Error).message}`;
  }
  // Only while the row still holds the bytes that were read: a replaced file is read again.
  await store.db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('assets')
      .set({ duration_ms: durationMs, processed_on: clock(), media_error: failure })
      .where('id', '=', asset.id)
      .where('sha256', '=', asset.sha256)
      .where('processed_on', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) await bumpWebsiteVersion(tx, asset.website_id);
  });
  if (failure !== null) return { ok: false, code: 'FILE_PROCESSING_FAILED', reason: failure };
  return { ok: true, status: 'read', durationMs };
}

/** Video and audio files whose duration was never read (rows stored before it was, an upload cut short), oldest first. */
export async function listUnreadMedia(store: Store, limit: number) {
  return store.db
    .selectFrom('assets')
    .select('id')
    .where((eb) => eb.or([eb('content_type', 'like', 'video/%'), eb('content_type', 'like', 'audio/%')]))
    .where('content_type', 'not like', '%/x-tessera-embed')
    .where('processed_on', 'is', null)
    .where('media_error', 'is', null)
    .orderBy('created_on')
    .orderBy('id')
    .limit(limit)
    .execute();
}
