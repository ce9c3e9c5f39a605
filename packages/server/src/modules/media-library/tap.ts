import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { FILE_MESSAGES, fillMessage, unsupportedFileMessage } from '@tessera/core';
import { ERRORS } from '../../errors.js';
import { type Sniffed, sniff } from '../../media/sniff.js';
import { kindOfType } from './kinds.js';
import { limitBytes, limitText, type MediaKind, type UploadLimits } from './limits.js';

/** Bytes read before the type is decided: file-type needs 4100 at most; SVG's text start fits too. */
const HEAD_BYTES = 4100;

/** A file refused while it streams: its code and message, as the answer shows them per file. */
export class UploadRefused extends Error {
  constructor(
    readonly code: 'FILE_TYPE_UNSUPPORTED' | 'FILE_TOO_LARGE' | 'MEDIA_STORAGE_FULL' | 'MEDIA_KIND_MISMATCH',
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/**
 * Watches an upload on its way to the blob store: decides its type from its first bytes (by content,
 * never the name), counts and hashes it, and fails the stream (hence the put, which then keeps
 * nothing) as soon as the file is of no supported type, of another kind than asked, larger than its
 * kind's limit or than what the site has left.
 */
export class UploadTap extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private readonly hash = createHash('sha256');
  type: Sniffed | undefined;
  size = 0;

  constructor(
    private readonly fileName: string,
    private readonly limits: UploadLimits,
    private readonly siteBytesLeft: number,
    private readonly expected: MediaKind | undefined,
    /** A file that replaces another must be of its kind: any other refused with MEDIA_KIND_MISMATCH. */
    private readonly sameKindAs?: MediaKind,
  ) {
    super();
  }

  get sha256(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.type === undefined && this.headLength < HEAD_BYTES) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < HEAD_BYTES) {
        done(this.sizeError(), chunk);
        return;
      }
      this.decide().then(
        () => done(this.sizeError(), chunk),
        (error: Error) => done(error),
      );
      return;
    }
    done(this.sizeError(), chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.type !== undefined) {
      done(this.sizeError());
      return;
    }
    this.decide().then(
      () => done(this.sizeError()),
      (error: Error) => done(error),
    );
  }

  private async decide(): Promise<void> {
    const found = await sniff(Buffer.concat(this.head, this.headLength));
    this.head = [];
    if (!found || (this.expected && found.kind !== this.expected)) {
      throw new UploadRefused('FILE_TYPE_UNSUPPORTED', unsupportedFileMessage(this.fileName, this.expected));
    }
    if (this.sameKindAs && kindOfType(found.mime) !== this.sameKindAs) throw new UploadRefused('MEDIA_KIND_MISMATCH', ERRORS.MEDIA_KIND_MISMATCH.message);
    this.type = found;
  }

  /** Past the kind's limit (or, before the kind is known, the largest of them) or the site's room. */
  private sizeError(): UploadRefused | null {
    const kindMb = this.type ? this.limits.kindMb[this.type.kind] : Math.max(...Object.values(this.limits.kindMb));
    if (this.size > limitBytes(kindMb)) {
      return new UploadRefused('FILE_TOO_LARGE', fillMessage(FILE_MESSAGES.tooLarge, { fileName: this.fileName, maxSize: limitText(kindMb) }));
    }
    if (this.size > this.siteBytesLeft) {
      return new UploadRefused('MEDIA_STORAGE_FULL', ERRORS.MEDIA_STORAGE_FULL.message);
    }
    return null;
  }
}
