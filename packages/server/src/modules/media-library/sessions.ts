import { randomUUID } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { FILE_MESSAGES, fillMessage, unsupportedFileMessage } from '@tessera/core';
import { AppError } from '../../errors.js';
import { sniff } from '../../media/sniff.js';
import { checkBlobKey } from '../../storage/blobs/keys.js';
import type { Store } from '../../storage/dialect.js';
import { limitBytes, limitText, type MediaKind, type UploadLimits } from './limits.js';
import { displayName, safeFileName } from './names.js';
import { advanceSession, deleteSessionRow, findSession, insertSession, type UploadSession } from './session-store.js';
import { siteBytes } from './store.js';
import { putThrough } from './stream-put.js';

/** 8 MiB: a chunk a phone's connection sends in seconds, and few enough requests for a large video. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** Bytes the type is decided from (as tap.ts reads them): the first chunk holds at least these. */
const HEAD_BYTES = 4100;

/** Where a session's chunk lives in the blob store: under the session's own prefix. */
function chunkKey(session: Pick<UploadSession, 'website_id' | 'id'>, index: number): string {
  return checkBlobKey(`sites/${session.website_id}/upload-sessions/${session.id}/${index}`);
}

function chunkCount(session: Pick<UploadSession, 'size' | 'chunk_size'>): number {
  return Math.ceil(Number(session.size) / session.chunk_size);
}

function tooLarge(fileName: string, kindMb: number): AppError {
  return new AppError('FILE_TOO_LARGE', fillMessage(FILE_MESSAGES.tooLarge, { fileName, maxSize: limitText(kindMb) }));
}

export interface StartRequest {
  readonly fileName: string;
  readonly size: number;
  readonly kind?: MediaKind;
}

/**
 * Opens a session for a large file. Its declared size is checked against the kind's limit (the
 * largest kind's while the kind is unknown) and the site's room before any byte is stored.
 */
export async function startSession(
  store: Store,
  limits: UploadLimits,
  chunkBytes: number,
  owner: { websiteId: string; accountId: string },
  body: StartRequest,
  now: number,
): Promise<UploadSession> {
  const shown = displayName(body.fileName) || 'file';
  if (!safeFileName(body.fileName)) throw new AppError('FILE_NAME_REQUIRED', undefined, { fileName: new AppError('FILE_NAME_REQUIRED').message });
  if (body.size === 0) throw new AppError('FILE_TYPE_UNSUPPORTED', unsupportedFileMessage(shown, body.kind));
  const kindMb = body.kind ? limits.kindMb[body.kind] : Math.max(...Object.values(limits.kindMb));
  if (body.size > limitBytes(kindMb)) throw tooLarge(shown, kindMb);
  if (body.size > limitBytes(limits.siteMb) - (await siteBytes(store.db, owner.websiteId))) throw new AppError('MEDIA_STORAGE_FULL');
  const session: UploadSession = {
    id: randomUUID(),
    website_id: owner.websiteId,
    account_id: owner.accountId,
    file_name: body.fileName,
    kind: body.kind ?? null,
    size: body.size,
    chunk_size: chunkBytes,
    received: 0,
    content_type: null,
    created_on: now,
    touched_on: now,
  };
  await insertSession(store.db, session);
  return session;
}

/** `Content-Range: bytes start-end/total` of a chunk, checked against the session. */
export function chunkRange(header: string | undefined, session: UploadSession): { start: number; end: number } {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  if (!match) throw new AppError('UPLOAD_RANGE_INVALID');
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const size = Number(session.size);
  const last = end === size - 1;
  // Every chunk but the last is whole: a chunk's index is then its start over the chunk size.
  if (
    total !== size ||
    end < start ||
    end >= size ||
    start % session.chunk_size !== 0 ||
    (last ? end - start + 1 > session.chunk_size : end - start + 1 !== session.chunk_size)
  ) {
    throw new AppError('UPLOAD_RANGE_INVALID');
  }
  return { start, end };
}

/** Passes exactly `length` bytes, keeping the first ones: fewer (a request cut off) or more fail the put. */
class ChunkCounter extends Transform {
  private seen = 0;
  readonly head: Buffer[] = [];
  private headLength = 0;
  constructor(private readonly length: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      this.head.push(chunk);
      this.headLength += chunk.length;
    }
    done(this.seen > this.length ? new Error('the chunk is longer than its Content-Range') : null, chunk);
  }
  override _flush(done: TransformCallback): void {
    done(this.seen === this.length ? null : new Error('the chunk was cut off'));
  }
}

export type ChunkResult =
  | { readonly status: 'stored'; readonly session: UploadSession; readonly offset: number }
  | { readonly status: 'offset'; readonly offset: number }
  | { readonly status: 'gone' };

/**
 * Stores one chunk under the session's prefix (an atomic put: a chunk cut off keeps nothing, and
 * the offset stays at the last whole chunk), checks the first chunk's type by content at once, then
 * moves the offset on.
 */
export async function appendChunk(
  store: Store,
  limits: UploadLimits,
  session: UploadSession,
  range: { start: number; end: number },
  body: Readable,
  now: number,
): Promise<ChunkResult> {
  const index = range.start / session.chunk_size;
  const key = chunkKey(session, index);
  const counter = new ChunkCounter(range.end - range.start + 1);
  try {
    await putThrough(store.blobs, key, body, counter, 'the chunk was cut off');
  } catch {
    body.resume();
    throw new AppError('FILE_UPLOAD_INCOMPLETE');
  }
  let contentType: string | null = null;
  if (index === 0) {
    const shown = displayName(session.file_name) || 'file';
    const found = await sniff(Buffer.concat(counter.head));
    const refusal =
      !found || (session.kind && found.kind !== session.kind)
        ? new AppError('FILE_TYPE_UNSUPPORTED', unsupportedFileMessage(shown, session.kind ?? undefined))
        : Number(session.size) > limitBytes(limits.kindMb[found.kind])
          ? tooLarge(shown, limits.kindMb[found.kind])
          : null;
    if (refusal) {
      // Refused early: nothing of the session stays.
      await dropSession(store, session);
      throw refusal;
    }
    contentType = found!.mime;
  }
  if (await advanceSession(store.db, session.id, range.start, range.end + 1, contentType, now)) {
    return {
      status: 'stored',
      session: { ...session, received: range.end + 1, content_type: contentType ?? session.content_type, touched_on: now },
      offset: range.end + 1,
    };
  }
  // Another request moved the offset first (its chunk stands: the same bytes of the same file), or
  // the session was cancelled meanwhile: then this chunk belongs to nothing.
  const current = await findSession(store.db, session.website_id, session.account_id, session.id);
  if (!current) {
    await store.blobs.delete(key);
    return { status: 'gone' };
  }
  return { status: 'offset', offset: Number(current.received) };
}

/** The session's chunks, one after the other, as one stream read from the blob store. */
export function assembled(store: Store, session: UploadSession): Readable {
  const count = chunkCount(session);
  return Readable.from(
    (async function* () {
      for (let i = 0; i < count; i++) {
        const read = await store.blobs.get(chunkKey(session, i));
        if (!read) throw new Error(`the chunk ${i} of an upload is missing`);
        for await (const part of read.stream) yield part as Buffer;
      }
    })(),
  );
}

/**
 * Ends a session: its row first (so that a chunk arriving meanwhile finds it gone and deletes its
 * own blob), then every chunk it may have stored.
 */
export async function dropSession(store: Store, session: UploadSession): Promise<void> {
  await deleteSessionRow(store.db, session.id);
  const count = chunkCount(session);
  for (let i = 0; i < count; i++) await store.blobs.delete(chunkKey(session, i));
}
