/**
 * Blob keys: where an asset's bytes live in the blob store, the same under every backend. Keys are
 * made by Tessera, never taken from a request or a file name, and checked anyway: a key is a path
 * of plain segments, so no key can leave the store's folder or bucket prefix.
 */

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export class BlobKeyError extends Error {
  constructor(key: string) {
    super(`"${key.slice(0, 80)}" is not a valid blob key: plain segments of letters, digits, dots, dashes and underscores, separated by /`);
    this.name = 'BlobKeyError';
  }
}

/** Throws BlobKeyError for a key with an empty, dotted (`.`, `..`) or unusual segment, or one that is too long. */
export function checkBlobKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new BlobKeyError(String(key));
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') throw new BlobKeyError(key);
  }
  return key;
}

/** The original file of an asset, by the site and the content's SHA-256: the same bytes are stored once per site. */
export function originalKey(websiteId: string, sha256: string): string {
  return checkBlobKey(`sites/${websiteId}/originals/${sha256}`);
}

/** A resized or re-encoded copy of an original, named by the original's hash, its width and its format. */
export function variantKey(websiteId: string, sha256: string, width: number, format: string): string {
  return checkBlobKey(`sites/${websiteId}/variants/${sha256}/${width}w.${format}`);
}
