import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { describeAssetsLocation, type AssetsLocation } from './assets-url.js';
import { checkBlobKey } from './keys.js';
import { countedBody } from './limit.js';
import type { BlobRange, BlobRead, BlobStore, PutOptions } from './types.js';

type S3Location = Extract<AssetsLocation, { kind: 's3' }>;

/** Parts of a streamed upload: large files go up in parts this size, a few at a time, never whole in memory. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Blobs as objects of an S3-compatible bucket, shared by every server process on every host. An
 * object appears whole when its upload completes; a streamed upload that fails is aborted, so no
 * part of it is ever read.
 */
export class S3BlobStore implements BlobStore {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly location: S3Location) {
    this.description = describeAssetsLocation(location);
    this.client = new S3Client({
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      // Unnamed, the AWS SDK finds the region itself (AWS_REGION, the AWS config file); an S3-compatible
      // server behind an endpoint rarely cares, so it gets the SDK's usual default.
      ...(location.region ? { region: location.region } : location.endpoint ? { region: 'us-east-1' } : {}),
      followRegionRedirects: true,
      forcePathStyle: location.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer
      // trailing-checksum uploads, and the bytes are checked by their SHA-256 in the store anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(key: string): string {
    checkBlobKey(key);
    return this.location.prefix ? `${this.location.prefix}/${key}` : key;
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions = {}): Promise<{ size: number }> {
    const counted = countedBody(body, options.maxBytes);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: this.keyOf(key), Body: counted.stream, ContentType: options.contentType ?? 'application/octet-stream' },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size: counted.size() };
  }

  async get(key: string, range?: BlobRange): Promise<BlobRead | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : Number(out.ContentLength ?? 0);
      return { stream: out.Body as Readable, size: total };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
