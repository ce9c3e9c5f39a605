import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError, ERRORS, type ErrorCode } from '../../errors.js';
import { isTimedMedia, readDuration } from '../../media/duration.js';
import { AssetParams, checkInput } from './input.js';
import { describeAssets } from './view.js';
import type { UploadLimits } from './limits.js';
import { type ReplaceRefusal, type Staged, stageReplacement } from './replace.js';

/**
 * `PUT /api/owner/media/:id/file`: new bytes for a file, everywhere it is used (docs/owner-api.md
 * "Media"). Multipart with exactly one file; the asset keeps its id, path and name, so every page
 * that names it shows the new file under its new `?v=` address at once.
 */
export function replaceRoute(root: FastifyInstance, path: string, limits: UploadLimits): void {
  const { store, clock } = root.deps;
  const config = { openWhenLocked: true, permission: 'manageMedia' } as const;
  root.put(`${path}/:id/file`, { config, schema: { params: AssetParams }, attachValidation: true }, async (request, reply) => {
    checkInput(request);
    const { id } = request.params as { id: string };
    const websiteId = request.site.website.id;
    if (!request.isMultipart()) throw new AppError('MEDIA_REPLACE_ONE_FILE');
    const ctx = { store, websiteId, limits, now: clock(), log: request.log };
    let staged: Staged | ReplaceRefusal | undefined | 'none' = 'none';
    let files = 0;
    let current: Readable | undefined;
    const onClose = () => {
      if (!request.raw.complete) current?.destroy(new Error('the request was cut off'));
    };
    request.raw.once('close', onClose);
    let cutOff = false;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        files += 1;
        if (files > 1) {
          part.file.resume();
          continue;
        }
        current = part.file;
        staged = await stageReplacement(ctx, id, part.filename ?? '', part.file);
        current = undefined;
      }
    } catch (error) {
      request.log.warn({ err: error }, 'media: a replacement request ended early');
      cutOff = true;
    } finally {
      request.raw.off('close', onClose);
    }
    // Nothing of the new file is kept unless the request came whole, with exactly one file.
    if (staged !== 'none' && staged?.ok && (cutOff || files > 1)) await staged.discard();
    if (cutOff) throw new AppError('FILE_UPLOAD_INCOMPLETE');
    if (files !== 1 || staged === 'none') throw new AppError('MEDIA_REPLACE_ONE_FILE');
    if (staged === undefined) throw new AppError('NOT_FOUND');
    const outcome = staged.ok ? await staged.commit() : staged;
    if (outcome === undefined) throw new AppError('NOT_FOUND');
    if (!outcome.ok) {
      const code = outcome.code as ErrorCode;
      return reply.code(ERRORS[code]?.status ?? 400).send({ error: outcome.error, code, ...(outcome.reason ? { reason: outcome.reason } : {}) });
    }
    // A video or a track has its new length read now, as an upload's is (the asset's processed mark was cleared).
    if (isTimedMedia(outcome.asset.contentType)) {
      await readDuration(store, id, clock);
      root.renderer.snapshots.changed(websiteId);
      return { asset: (await describeAssets(store.db, websiteId, [id])).get(id) ?? outcome.asset };
    }
    root.renderer.snapshots.changed(websiteId);
    return { asset: outcome.asset };
  });
}
