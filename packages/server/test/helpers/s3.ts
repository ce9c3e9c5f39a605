import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { vi } from 'vitest';

/** The credentials the S3 test server accepts, given to the AWS SDK the standard way (its environment variables). */
const ACCESS_KEY = 'S3RVER';

export interface LocalS3 {
  /** The ASSETS_URL of a bucket on the server (with a key prefix). */
  assetsUrl(prefix?: string): string;
  /** Where the server keeps its objects: tests look there to see what the bucket holds. */
  readonly directory: string;
  readonly bucket: string;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server on a free local port (s3rver: requests signed, parsed and answered as
 * S3 does), with one bucket. Sets the AWS credentials variables for the test file.
 */
export async function startLocalS3(bucket = 'tessera-assets'): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  vi.stubEnv('AWS_ACCESS_KEY_ID', ACCESS_KEY);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', ACCESS_KEY);
  return {
    assetsUrl: (prefix = 'site-assets') => `s3://${bucket}/${prefix}?endpoint=http://127.0.0.1:${port}&region=us-east-1`,
    directory,
    bucket,
    async close() {
      await server.close();
      vi.unstubAllEnvs();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
