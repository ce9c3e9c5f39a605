import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FILE_MESSAGES } from '@tessera/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { RASTER_FORMATS } from '../../media/index.js';
import { AssetParams, checkInput, SessionBody } from './input.js';
import { limitBytes, type MediaKind, type MediaLibraryOptions, uploadLimits } from './limits.js';
import { findSession, staleSessions } from './session-store.js';
import { appendChunk, assembled, CHUNK_BYTES, chunkRange, dropSession, startSession } from './sessions.js';
import { findLibraryAsset, siteBytes } from './store.js';
import { storeUpload } from './upload.js';
import { describeAssets } from './view.js';

const PATH = '/api/owner/media/uploads';
/** A session no chunk has reached for this long is abandoned: the sweep deletes it with its chunks. */
const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;

/**
 * Resumable uploads of large files (docs/owner-api.md "Media"): a session per file, its chunks
 * appended in order with `Content-Range`, stored in the blob store under the session's prefix; the
 * last chunk makes the file an asset through the same checks and row as a multipart upload.
 * A scope of its own: raw chunk bodies are parsed here only, as streams.
 */
export async function uploadSessionRoutes(root: FastifyInstance, options: MediaLibraryOptions): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  const limits = uploadLimits(options);
  const chunkBytes = options.uploadChunkBytes ?? CHUNK_BYTES;
  const config = { openWhenLocked: true, permission: 'manageMedia' } as const;
  root.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  const mine = async (request: FastifyRequest, id: string) => {
    const session = await findSession(store.db, request.site.website.id, request.owner!.accountId, id);
    if (!session) throw new AppError('NOT_FOUND');
    return session;
  };
  const describe = (s: { id: string; file_name: string; size: number; received: number; chunk_size: number }) => ({
    id: s.id,
    fileName: s.file_name,
    size: Number(s.size),
    offset: Number(s.received),
    chunkSize: s.chunk_size,
  });

  app.post(PATH, { config, schema: { body: SessionBody }, attachValidation: true }, async (request) => {
    checkInput(request);
    const owner = { websiteId: request.site.website.id, accountId: request.owner!.accountId };
    const session = await startSession(store, limits, chunkBytes, owner, { ...request.body, kind: request.body.kind as MediaKind | undefined }, clock());
    return describe(session);
  });

  app.get(`${PATH}/:id`, { config, schema: { params: AssetParams }, attachValidation: true }, async (request, reply) => {
    checkInput(request);
    reply.header('cache-control', 'no-store');
    return describe(await mine(request, request.params.id));
  });

  app.delete(`${PATH}/:id`, { config, schema: { params: AssetParams }, attachValidation: true }, async (request) => {
    checkInput(request);
    await dropSession(store, await mine(request, request.params.id));
    return { cancelled: true, message: FILE_MESSAGES.processingCancelled };
  });

  app.put(`${PATH}/:id`, { config, schema: { params: AssetParams }, attachValidation: true }, async (request, reply) => {
    checkInput(request);
    const websiteId = request.site.website.id;
    const session = await mine(request, request.params.id);
    if (!(request.body as Readable | undefined)?.pipe) throw new AppError('UPLOAD_RANGE_INVALID');
    const range = chunkRange(request.headers['content-range'], session);
    const offset = Number(session.received);
    if (range.start !== offset) {
      // The client lost an answer: the offset tells it which chunk comes next.
      return reply.code(409).send({ ...new AppError('UPLOAD_OFFSET_MISMATCH').body(), offset });
    }
    let result: Awaited<ReturnType<typeof appendChunk>>;
    try {
      result = await appendChunk(store, limits, session, range, request.body as Readable, clock());
    } catch (error) {
      if (error instanceof AppError && error.code === 'FILE_UPLOAD_INCOMPLETE') return reply.code(error.status).send({ ...error.body(), offset });
      throw error;
    }
    if (result.status === 'gone') throw new AppError('NOT_FOUND');
    if (result.status === 'offset') return reply.code(409).send({ ...new AppError('UPLOAD_OFFSET_MISMATCH').body(), offset: result.offset });
    if (result.offset < Number(session.size)) return describe(result.session);

    // The last chunk: the whole file goes through the same checks, put and row as a multipart upload.
    const done = result.session;
    const left = limitBytes(limits.siteMb) - (await siteBytes(store.db, websiteId));
    const ctx = { store, websiteId, limits, expected: (done.kind ?? undefined) as MediaKind | undefined, now: clock(), log: request.log };
    const outcome = await storeUpload(ctx, done.file_name, assembled(store, done), left);
    await dropSession(store, done);
    if (!outcome.ok) return { files: [{ fileName: outcome.fileName, ok: false, code: outcome.code, error: outcome.error }] };
    root.renderer.snapshots.changed(websiteId);
    const row = await findLibraryAsset(store.db, websiteId, outcome.assetId);
    if (row && RASTER_FORMATS[row.content_type]) await root.media.processImage(row.id);
    const asset = (await describeAssets(store.db, websiteId, [outcome.assetId])).get(outcome.assetId);
    return { files: [{ fileName: outcome.fileName, ok: true, asset }] };
  });

  // Sessions abandoned for a day go with everything they stored, in one process at a time.
  root.jobs.every('media-upload-sessions', SWEEP_EVERY_MS, async ({ now }) => {
    const stale = await staleSessions(store.db, now - SESSION_IDLE_MS, SWEEP_BATCH);
    for (const session of stale) await dropSession(store, session);
    return stale.length;
  });
}
