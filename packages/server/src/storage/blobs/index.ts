import { parseAssetsUrl, type AssetsLocation } from './assets-url.js';
import { DirectoryBlobStore } from './directory.js';
import { S3BlobStore } from './s3.js';
import type { BlobStore } from './types.js';

export { parseAssetsUrl, type AssetsLocation } from './assets-url.js';
export { BlobKeyError, originalKey, variantKey } from './keys.js';
export { readAll } from './limit.js';
export { BlobTooLargeError, type BlobStore } from './types.js';
export { DirectoryBlobStore } from './directory.js';

/** The blob store at a location: a folder, or an S3-compatible bucket. */
export function blobStoreAt(location: AssetsLocation): BlobStore {
  return location.kind === 's3' ? new S3BlobStore(location) : new DirectoryBlobStore(location.root);
}

/** The blob store a configuration names: ASSETS_URL, else `<DATA_DIR>/assets`. */
export function openBlobStore(config: { assetsUrl: string; dataDir: string }): BlobStore {
  return blobStoreAt(parseAssetsUrl(config.assetsUrl, config.dataDir));
}
