import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../../storage/dialect.js';
import { contentTypeOf } from '../../storage/content-types.js';
import type { SiteRenderer } from './renderer.js';
import { AppError } from '../../errors.js';
import { etagMatches, parseRange } from '../../http/range.js';
import { chooseRepresentation, type Representation } from './asset-variants.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Theme files that are templates or configuration, not served as static files. */
const NOT_STATIC = /\.(region|list|item|page|block|conf)$/;

/**
 * An SVG opened on its own is a document of the site's origin: it may run no script at all, load
 * nothing and is sandboxed, whatever its markup holds (an `<img>` never runs an SVG's scripts anyway).
 */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/**
 * Text files are compressed on the way out (http/security.ts): a byte range of the compressed stream
 * would not be the range asked for, so they are always sent whole. Ranges are for media and
 * downloads, which are sent as they are.
 */
const sentWhole = (contentType: string) => /^(text\/|image\/svg\+xml|application\/(json|javascript|xml))/.test(contentType);

/**
 * /theme/<version>/<path>: a theme's styles and assets, hashed by the theme version at load time.
 * /assets/<path>?v=<hash>: a site's asset (images, downloads), hashed by content at import time;
 * `&format=<w>w` an image's variant of that width (docs/media.md).
 */
export function registerAssetRoutes(app: FastifyInstance, store: Store, renderer: SiteRenderer): void {
  app.get('/theme/:version/*', async (request: FastifyRequest<{ Params: { version: string; '*': string } }>, reply) => {
    const snapshot = await renderer.snapshotFor(request);
    if (!snapshot) return renderer.sendNotFound(request, reply);
    const theme = await renderer.themes.forWebsite(snapshot.website);
    const path = request.params['*'];
    const file = theme.files.get(path);
    if (!file || NOT_STATIC.test(path)) return renderer.sendNotFound(request, reply);
    // An old version's URL still gets the current file, but only for a short while.
    reply.header('cache-control', request.params.version === theme.version ? IMMUTABLE : 'no-cache');
    return reply.type(contentTypeOf(path)).send(file);
  });

  // Browsers ask for /favicon.ico on their own: the site's favicon, else the theme's, else nothing (204).
  app.get('/favicon.ico', async (request, reply) => {
    const snapshot = await renderer.snapshotFor(request);
    const names = ['favicon.ico', 'favicon.svg', 'favicon.png'];
    const own = snapshot && names.map((n) => `assets/${n}`).find((p) => snapshot.assets.has(p));
    if (snapshot && own) {
      const read = await store.blobs.get(snapshot.assets.get(own)!.blobKey);
      if (read) return reply.header('cache-control', 'public, max-age=86400').type(contentTypeOf(own)).send(read.stream);
    }
    const theme = snapshot ? await renderer.themes.forWebsite(snapshot.website) : undefined;
    const themed = theme && names.map((n) => `assets/${n}`).find((p) => theme.files.has(p));
    if (theme && themed) return reply.header('cache-control', 'public, max-age=86400').type(contentTypeOf(themed)).send(theme.files.get(themed));
    return reply.status(204).header('cache-control', 'public, max-age=86400').send();
  });

  // HEAD is declared, not left to Fastify's automatic HEAD route (which reads the body to throw it away):
  // it answers the headers without opening the blob.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/assets/*',
    handler: async (request: FastifyRequest<{ Params: { '*': string }; Querystring: { v?: unknown; format?: unknown } }>, reply: FastifyReply) => {
      const snapshot = await renderer.snapshotFor(request);
      if (!snapshot) return renderer.sendNotFound(request, reply);
      const path = `assets/${request.params['*']}`;
      const info = snapshot.assets.get(path);
      if (!info || snapshot.privateAssets.has(path)) return renderer.sendNotFound(request, reply);
      // Members' videos, a protected page's pictures, everything of a locked site: checked for this request.
      const denial = await renderer.access.asset(request, snapshot, path);
      if (denial) return reply.status(403).header('cache-control', 'private, no-store').send(new AppError(denial.code).body());
      const restricted = await renderer.access.assetRestricted(snapshot, path);
      const chosen = chooseRepresentation(info, request.query.format, request.headers.accept);
      const hashed = typeof request.query.v === 'string' && info.sha256.startsWith(request.query.v) && request.query.v.length >= 8;
      reply.header('cache-control', restricted ? 'private, no-cache' : hashed ? IMMUTABLE : 'public, max-age=300');
      reply.header('etag', chosen.etag);
      if (chosen.variesByAccept) reply.header('vary', 'Accept');
      if (chosen.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
      if (etagMatches(request.headers['if-none-match'], chosen.etag)) return reply.status(304).send();
      return sendBlob(store, request, reply, chosen);
    },
  });
}

/** Sends a blob whole or, for a Range request (still current by If-Range), the range asked for. */
async function sendBlob(store: Store, request: FastifyRequest, reply: FastifyReply, chosen: Representation) {
  const ranged = !sentWhole(chosen.contentType);
  if (ranged) reply.header('accept-ranges', 'bytes');
  const ifRange = request.headers['if-range'];
  const range = ranged && (!ifRange || ifRange === chosen.etag) ? parseRange(request.headers.range, chosen.size) : undefined;
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${chosen.size}`).send(new AppError('RANGE_NOT_SATISFIABLE').body());
  }
  reply.type(chosen.contentType);
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${chosen.size}`);
    reply.header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', chosen.size);
  }
  // HEAD: the headers are all there is to send; the blob is not even opened.
  if (request.method === 'HEAD') return reply.send();
  const read = await store.blobs.get(chosen.blobKey, range);
  if (!read) {
    request.log.error({ blob: chosen.blobKey, blobs: store.blobs.description }, 'an asset row names a blob the blob store does not hold');
    reply.removeHeader('content-length').removeHeader('content-range');
    throw new AppError('NOT_FOUND');
  }
  return reply.send(read.stream);
}
