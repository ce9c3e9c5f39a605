import type { Readable, Transform } from 'node:stream';
import type { BlobStore } from '../../storage/blobs/index.js';

/**
 * Streams a request's body through a checking transform (an upload's tap, a chunk's counter) into
 * the blob store. pipe() does not pass on a source's failure, and the body of a request that was cut
 * off may just close: either way the transform is destroyed, so the put fails and keeps nothing.
 */
export async function putThrough(blobs: BlobStore, key: string, source: Readable, through: Transform, cutOff: string): Promise<void> {
  source.once('error', (error) => through.destroy(error));
  source.once('close', () => {
    if (!source.readableEnded) through.destroy(new Error(cutOff));
  });
  await blobs.put(key, source.pipe(through), { contentType: 'application/octet-stream' });
}
