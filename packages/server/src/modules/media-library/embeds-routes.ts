import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { addEmbed } from './embeds/create.js';
import { EmbedFailure } from './embeds/fetch.js';
import { providerOf } from '../../media/embeds/providers.js';
import { checkInput, LINK_MESSAGE } from './input.js';
import type { UploadLimits } from './limits.js';
import { describeAssets } from './view.js';

const EmbedBody = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });

/** A link as pasted: trimmed, https only, no credentials; undefined when it is not one. */
function pastedLink(sent: string): string | undefined {
  const link = sent.trim();
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/owner/media/embeds { url }`: a library entry for a video or track of one of the
 * providers' table (embeds/providers.ts), through the provider's oEmbed endpoint.
 */
export function embedRoutes(root: FastifyInstance, limits: UploadLimits, timeoutMs?: number): void {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock, config: appConfig } = root.deps;
  const origins = { override: appConfig.oembedApi ?? '', timeoutMs };
  const config = { openWhenLocked: true, permission: 'manageMedia' } as const;

  app.post('/api/owner/media/embeds', { config, schema: { body: EmbedBody }, attachValidation: true }, async (request) => {
    checkInput(request);
    const link = pastedLink(request.body.url);
    if (!link) throw new AppError('VALIDATION_FAILED', undefined, { url: LINK_MESSAGE });
    const provider = providerOf(link);
    if (!provider) throw new AppError('EMBED_PROVIDER_UNKNOWN', undefined, { url: new AppError('EMBED_PROVIDER_UNKNOWN').message });
    const websiteId = request.site.website.id;
    let id: string;
    try {
      id = await addEmbed(
        { store, websiteId, limits, expected: undefined, now: clock(), log: request.log, origins, processImage: (assetId) => root.media.processImage(assetId) },
        provider,
        link,
      );
    } catch (error) {
      if (!(error instanceof EmbedFailure)) throw error;
      request.log.info({ provider: provider.id, reason: error.message }, 'media: a link was not embedded');
      throw new AppError(error.code, undefined, { url: new AppError(error.code).message });
    }
    root.renderer.snapshots.changed(websiteId);
    const asset = (await describeAssets(store.db, websiteId, [id])).get(id);
    return { asset };
  });
}
