import { Readable, Transform, type TransformCallback } from 'node:stream';
import { BlobTooLargeError } from './types.js';

/** The body of a put as a stream that fails with BlobTooLargeError past maxBytes, counting what went through. */
export function countedBody(body: Readable | Uint8Array, maxBytes = Number.POSITIVE_INFINITY): { stream: Readable; size(): number } {
  let size = 0;
  if (body instanceof Uint8Array) {
    if (body.byteLength > maxBytes) throw new BlobTooLargeError(maxBytes);
    size = body.byteLength;
    return { stream: Readable.from([body]), size: () => size };
  }
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      size += chunk.length;
      if (size > maxBytes) done(new BlobTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  // A source that fails (a request cut off halfway) fails the put too. It may fail before the put has
  // attached its pipeline (while it makes its folder): the counter then keeps the error (the pipeline
  // finds it errored) instead of throwing it with no one listening.
  counter.on('error', () => {});
  body.once('error', (error) => counter.destroy(error));
  return { stream: body.pipe(counter), size: () => size };
}

/** Reads a stream into one buffer, failing past maxBytes. */
export async function readAll(stream: Readable, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      throw new BlobTooLargeError(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}
