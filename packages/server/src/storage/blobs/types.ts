import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a blob, both included (as HTTP ranges count them). */
export interface BlobRange {
  readonly start: number;
  readonly end: number;
}

export interface BlobRead {
  /** The bytes asked for: the whole blob, or the range. */
  readonly stream: Readable;
  /** The size of the whole blob, in bytes. */
  readonly size: number;
}

export interface PutOptions {
  /** A put of more bytes than this fails with BlobTooLargeError and stores nothing. */
  readonly maxBytes?: number;
  readonly contentType?: string;
}

/**
 * Where the bytes of site assets live: a folder of the data directory, or S3-compatible object
 * storage. A put is atomic: a reader sees the whole blob or none, never part of one, and a put that
 * fails (its source errors, is cut off or is too large) leaves nothing behind. Keys are checked
 * (keys.ts): none can name a place outside the store.
 */
export interface BlobStore {
  /** Where the blobs are, without credentials (for logs). */
  readonly description: string;
  put(key: string, body: Readable | Uint8Array, options?: PutOptions): Promise<{ size: number }>;
  /** The blob (or a range of it) as a stream with its size; undefined when there is no such blob. */
  get(key: string, range?: BlobRange): Promise<BlobRead | undefined>;
  exists(key: string): Promise<boolean>;
  /** Deleting a blob that does not exist is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The blob is larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}
