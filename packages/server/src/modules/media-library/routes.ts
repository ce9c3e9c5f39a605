import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { RASTER_FORMATS } from '../../media/index.js';
import { isTimedMedia, readDuration } from '../../media/duration.js';
import { AssetParams, checkInput, DeleteQuery, ListQuery, PatchBody, UploadQuery } from './input.js';
import { limitBytes, type MediaKind, type MediaLibraryOptions, uploadLimits } from './limits.js';
import { listLibrary } from './list.js';
import { deleteAsset } from './delete.js';
import { siteBytes, findLibraryAsset, updateAsset, type AssetChanges } from './store.js';
import { storeUpload, type UploadOutcome } from './upload.js';
import { describeAssets } from './view.js';
import { contentNaming, usesByPath } from './uses.js';
import { displayName } from './names.js';
import { replaceRoute } from './replace-route.js';
import { uploadSessionRoutes } from './session-routes.js';
import { embedRoutes } from './embeds-routes.js';
import { posterRoutes } from './poster-routes.js';

const PATH = '/api/owner/media';
/** Files one request may carry: the studio sends a few at a time, each with its own progress. */
const MAX_FILES = 20;

/**
 * The owner's media library (docs/owner-api.md "Media"): uploads, the list, a file's details, where
 * it is used, and its deletion. Multipart bodies are parsed in this module only.
 */
export async function mediaLibraryRoutes(root: FastifyInstance, options: MediaLibraryOptions): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  const limits = uploadLimits(options);
  const largest = Math.max(...Object.values(limits.kindMb));
  await root.register(multipart, {
    // The kinds' limits are checked by content as the file streams (tap.ts); this is the parser's own guard.
    limits: { fileSize: limitBytes(largest) + 1, files: MAX_FILES, fields: 10, fieldSize: 1000, parts: MAX_FILES + 10 },
  });
  const config = { openWhenLocked: true, permission: 'manageMedia' } as const;
  replaceRoute(root, PATH, limits);
  await root.register(uploadSessionRoutes, options);
  embedRoutes(root, limits, options.oembedTimeoutMs);
  posterRoutes(root, limits);

  app.post(PATH, { config, schema: { querystring: UploadQuery }, attachValidation: true }, async (request) => {
    checkInput(request);
    const websiteId = request.site.website.id;
    if (!request.isMultipart()) throw new AppError('UPLOAD_NO_FILES');
    let left = limitBytes(limits.siteMb) - (await siteBytes(store.db, websiteId));
    const ctx = { store, websiteId, limits, expected: request.query.kind as MediaKind | undefined, now: clock(), log: request.log };
    const outcomes: UploadOutcome[] = [];
    // A browser that goes away mid-file leaves the parser's file stream waiting for bytes that never
    // come: the closed connection fails that stream, hence its put, which then keeps nothing.
    let current: Readable | undefined;
    let cutOff = false;
    const onClose = () => {
      if (request.raw.complete) return;
      cutOff = true;
      current?.destroy(new Error('the request was cut off'));
    };
    request.raw.once('close', onClose);
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        current = part.file;
        const outcome = await storeUpload(ctx, part.filename ?? '', part.file, left);
        current = undefined;
        if (outcome.ok && outcome.size) left -= outcome.size;
        outcomes.push(outcome);
        if (cutOff) break;
      }
    } catch (error) {
      // The body was cut off or broke the parser's limits: the files before stay, whole.
      request.log.warn({ err: error }, 'media: an upload request ended early');
      outcomes.push({ ok: false, fileName: '', code: 'FILE_UPLOAD_INCOMPLETE', error: new AppError('FILE_UPLOAD_INCOMPLETE').message });
    }
    request.raw.off('close', onClose);
    if (outcomes.length === 0) throw new AppError('UPLOAD_NO_FILES');
    // The uploads bumped the site's version: this process serves the new files from its next request
    // (the others within SITE_CACHE_MS), so the library's thumbnails show at once.
    if (outcomes.some((o) => o.ok)) root.renderer.snapshots.changed(websiteId);
    // Images get their variants now, so that the library shows them at once; a bad image is kept and
    // served as it is, its processing error shown with it.
    const stored = outcomes.filter((o) => o.ok);
    const rows = await Promise.all(stored.map((o) => findLibraryAsset(store.db, websiteId, o.assetId)));
    for (const row of rows) if (row && RASTER_FORMATS[row.content_type]) await root.media.processImage(row.id);
    // Video and audio get their duration read now, streamed from the blob store.
    for (const row of rows) if (row && isTimedMedia(row.content_type)) await readDuration(store, row.id, clock);
    const assets = await describeAssets(
      store.db,
      websiteId,
      stored.map((o) => o.assetId),
    );
    return {
      files: outcomes.map((o) =>
        o.ok ? { fileName: o.fileName, ok: true, asset: assets.get(o.assetId) } : { fileName: o.fileName, ok: false, code: o.code, error: o.error },
      ),
    };
  });

  app.get(PATH, { config, schema: { querystring: ListQuery }, attachValidation: true }, async (request, reply) => {
    checkInput(request);
    reply.header('cache-control', 'no-store');
    const websiteId = request.site.website.id;
    const { rows, nextCursor } = await listLibrary(store.db, websiteId, request.query);
    const assets = await describeAssets(
      store.db,
      websiteId,
      rows.map((r) => r.id),
      rows,
    );
    return { assets: rows.map((r) => assets.get(r.id)), nextCursor };
  });

  app.get(`${PATH}/:id`, { config, schema: { params: AssetParams }, attachValidation: true }, async (request, reply) => {
    checkInput(request);
    reply.header('cache-control', 'no-store');
    const asset = (await describeAssets(store.db, request.site.website.id, [request.params.id])).get(request.params.id);
    if (!asset) throw new AppError('NOT_FOUND');
    return { asset };
  });

  app.patch(`${PATH}/:id`, { config, schema: { params: AssetParams, body: PatchBody }, attachValidation: true }, async (request) => {
    checkInput(request);
    const websiteId = request.site.website.id;
    const body = request.body;
    const changes: AssetChanges = {};
    if (body.name !== undefined) {
      const name = displayName(body.name);
      if (!name) throw new AppError('FILE_NAME_REQUIRED', undefined, { name: new AppError('FILE_NAME_REQUIRED').message });
      changes.display_name = name;
    }
    if (body.alt !== undefined) changes.alt = body.alt.trim();
    if (body.title !== undefined) changes.title = body.title.trim();
    if (body.focalPoint !== undefined) {
      changes.focal_x = body.focalPoint?.x ?? null;
      changes.focal_y = body.focalPoint?.y ?? null;
    }
    let found: boolean;
    try {
      found = await updateAsset(store.db, websiteId, request.params.id, changes);
    } catch (error) {
      request.log.error({ err: error }, 'media: a change to a file failed');
      throw new AppError(body.name !== undefined ? 'FILE_RENAME_FAILED' : 'INTERNAL');
    }
    if (!found) throw new AppError('NOT_FOUND');
    const asset = (await describeAssets(store.db, websiteId, [request.params.id])).get(request.params.id);
    if (!asset) throw new AppError('NOT_FOUND');
    return { asset };
  });

  app.get(`${PATH}/:id/uses`, { config, schema: { params: AssetParams }, attachValidation: true }, async (request, reply) => {
    checkInput(request);
    reply.header('cache-control', 'no-store');
    const websiteId = request.site.website.id;
    const row = await findLibraryAsset(store.db, websiteId, request.params.id);
    if (!row) throw new AppError('NOT_FOUND');
    const uses = usesByPath(await contentNaming(store.db, websiteId, [row.path]), [row.path]).get(row.path) ?? [];
    return { uses };
  });

  app.delete(`${PATH}/:id`, { config, schema: { params: AssetParams, querystring: DeleteQuery }, attachValidation: true }, async (request, reply) => {
    checkInput(request);
    const websiteId = request.site.website.id;
    const result = await deleteAsset(store, websiteId, request.params.id, request.query.force !== undefined);
    if (result.status === 'not-found') throw new AppError('NOT_FOUND');
    // The places that use it come with the refusal, so the studio can show them.
    if (result.status === 'in-use') return reply.code(409).send({ ...new AppError('MEDIA_IN_USE').body(), uses: result.uses });
    return { deleted: true, removedFrom: result.uses };
  });
}
