import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../../storage/dialect.js';
import { contentTypeOf } from '../../storage/content-types.js';
import type { SiteRenderer } from './renderer.js';
import { AppError } from '../../errors.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Theme files that are templates or configuration, not served as static files. */
const NOT_STATIC = /\.(region|list|item|page|block|conf)$/;

/**
 * /theme/<version>/<path>: a theme's styles and assets, hashed by the theme version at load time.
 * /assets/<path>?v=<hash>: a site's asset (images, downloads), hashed by content at import time.
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
      const row = await store.db.selectFrom('assets').select('content').where('id', '=', snapshot.assets.get(own)!.id).executeTakeFirst();
      if (row) return reply.header('cache-control', 'public, max-age=86400').type(contentTypeOf(own)).send(Buffer.from(row.content));
    }
    const theme = snapshot ? await renderer.themes.forWebsite(snapshot.website) : undefined;
    const themed = theme && names.map((n) => `assets/${n}`).find((p) => theme.files.has(p));
    if (theme && themed) return reply.header('cache-control', 'public, max-age=86400').type(contentTypeOf(themed)).send(theme.files.get(themed));
    return reply.status(204).header('cache-control', 'public, max-age=86400').send();
  });

  app.get('/assets/*', async (request: FastifyRequest<{ Params: { '*': string }; Querystring: { v?: unknown } }>, reply: FastifyReply) => {
    const snapshot = await renderer.snapshotFor(request);
    if (!snapshot) return renderer.sendNotFound(request, reply);
    const path = `assets/${request.params['*']}`;
    const info = snapshot.assets.get(path);
    if (!info || snapshot.privateAssets.has(path)) return renderer.sendNotFound(request, reply);
    // Members' videos, a protected page's pictures, everything of a locked site: checked for this request.
    const denial = await renderer.access.asset(request, snapshot, path);
    if (denial) return reply.status(403).header('cache-control', 'private, no-store').send(new AppError(denial.code).body());
    const restricted = await renderer.access.assetRestricted(snapshot, path);
    const etag = `"${info.sha256.slice(0, 32)}"`;
    const hashed = typeof request.query.v === 'string' && info.sha256.startsWith(request.query.v) && request.query.v.length >= 8;
    reply.header('cache-control', restricted ? 'private, no-cache' : hashed ? IMMUTABLE : 'public, max-age=300');
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const row = await store.db.selectFrom('assets').select('content').where('id', '=', info.id).executeTakeFirst();
    if (!row) return renderer.sendNotFound(request, reply);
    return reply.type(info.contentType).send(Buffer.from(row.content));
  });
}
