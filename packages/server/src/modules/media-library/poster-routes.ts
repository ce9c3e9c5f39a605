import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError, type ErrorCode } from '../../errors.js';
import { AssetParams, checkInput } from './input.js';
import { limitBytes, type UploadLimits } from './limits.js';
import { canBePoster, linkPoster, takesPoster } from './poster/store.js';
import { findLibraryAsset, siteBytes } from './store.js';
import { storeUpload } from './upload.js';
import { describeAssets } from './view.js';

const PosterBody = Type.Object({ assetId: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

/**
 * A video's poster (docs/owner-api.md "Media"): `PUT` links an image of the library, `POST` uploads
 * one (a frame the studio captured from the video, or a picture the owner chose) and links it,
 * `DELETE` unlinks it (the image stays in the library). The poster is an image asset of its own, so
 * it gets its responsive widths, and deleting it is a use like any other.
 */
export function posterRoutes(root: FastifyInstance, limits: UploadLimits): void {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  const config = { openWhenLocked: true, permission: 'manageMedia' } as const;
  const PATH = '/api/owner/media/:id/poster';

  /** The video or audio entry a poster is for: NOT_FOUND, or POSTER_NOT_MEDIA for another kind of file. */
  const target = async (websiteId: string, id: string) => {
    const row = await findLibraryAsset(store.db, websiteId, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (!takesPoster(row.content_type)) throw new AppError('POSTER_NOT_MEDIA');
    return row;
  };

  const answer = async (websiteId: string, id: string) => {
    root.renderer.snapshots.changed(websiteId);
    const asset = (await describeAssets(store.db, websiteId, [id])).get(id);
    if (!asset) throw new AppError('NOT_FOUND');
    return { asset };
  };

  app.put(PATH, { config, schema: { params: AssetParams, body: PosterBody }, attachValidation: true }, async (request) => {
    checkInput(request);
    const websiteId = request.site.website.id;
    await target(websiteId, request.params.id);
    const poster = await findLibraryAsset(store.db, websiteId, request.body.assetId);
    if (!poster || !canBePoster(poster.content_type)) {
      throw new AppError('POSTER_NOT_IMAGE', undefined, { assetId: new AppError('POSTER_NOT_IMAGE').message });
    }
    if (!(await linkPoster(store.db, websiteId, request.params.id, poster.id))) throw new AppError('POSTER_NOT_IMAGE');
    return answer(websiteId, request.params.id);
  });

  app.post(PATH, { config, schema: { params: AssetParams }, attachValidation: true }, async (request) => {
    checkInput(request);
    const websiteId = request.site.website.id;
    await target(websiteId, request.params.id);
    if (!request.isMultipart()) throw new AppError('UPLOAD_NO_FILES');
    const part = await request.file();
    if (!part) throw new AppError('UPLOAD_NO_FILES');
    const left = limitBytes(limits.siteMb) - (await siteBytes(store.db, websiteId));
    const ctx = { store, websiteId, limits, expected: 'image' as const, now: clock(), log: request.log };
    const outcome = await storeUpload(ctx, part.filename || 'poster.jpg', part.file, left);
    if (!outcome.ok) throw new AppError(outcome.code as ErrorCode, outcome.error, { file: outcome.error });
    const stored = await findLibraryAsset(store.db, websiteId, outcome.assetId);
    if (!stored || !canBePoster(stored.content_type)) {
      throw new AppError('POSTER_NOT_IMAGE', undefined, { file: new AppError('POSTER_NOT_IMAGE').message });
    }
    await root.media.processImage(stored.id);
    if (!(await linkPoster(store.db, websiteId, request.params.id, stored.id))) throw new AppError('NOT_FOUND');
    return answer(websiteId, request.params.id);
  });

  app.delete(PATH, { config, schema: { params: AssetParams }, attachValidation: true }, async (request) => {
    checkInput(request);
    const websiteId = request.site.website.id;
    await target(websiteId, request.params.id);
    await linkPoster(store.db, websiteId, request.params.id, null);
    return answer(websiteId, request.params.id);
  });
}
