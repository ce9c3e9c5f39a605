import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { EMBED_TYPES } from '../../../media/duration.js';
import { RASTER_FORMATS } from '../../../media/index.js';
import { bumpWebsiteVersion } from '../../../storage/assets.js';
import { checkBlobKey } from '../../../storage/blobs/keys.js';
import { nameCandidates, safeFileName } from '../names.js';
import { findLibraryAsset, siteBytes, takenPaths } from '../store.js';
import { storeUpload, type UploadContext } from '../upload.js';
import { limitBytes } from '../limits.js';
import { readAnswer } from './answer.js';
import { fetchOembed, fetchThumbnail, type ProviderOrigins, thumbnailAllowed } from './fetch.js';
import type { Provider } from '../../../media/embeds/providers.js';

import { EMBED_FOLDER } from '../../../media/embeds/facts.js';

export interface EmbedContext extends UploadContext {
  readonly origins: ProviderOrigins;
  processImage(assetId: string): Promise<unknown>;
}

/**
 * The provider's thumbnail as an image of the library (so it gets its variants), or null: fetched
 * from the provider's thumbnail hosts only, bounded in time and size, checked by content as any upload.
 */
async function storeThumbnail(ctx: EmbedContext, provider: Provider, address: string | null, title: string): Promise<string | null> {
  const url = address ? thumbnailAllowed(provider, address, ctx.origins) : null;
  if (!url) return null;
  const bytes = await fetchThumbnail(url);
  if (!bytes) return null;
  const left = limitBytes(ctx.limits.siteMb) - (await siteBytes(ctx.store.db, ctx.websiteId));
  const name = `${safeFileName(title) || provider.id}-poster.jpg`;
  const outcome = await storeUpload({ ...ctx, expected: 'image' }, name, Readable.from([bytes]), left);
  if (!outcome.ok) {
    ctx.log.warn({ provider: provider.id, code: outcome.code }, 'media: an embed thumbnail was not kept');
    return null;
  }
  const row = await findLibraryAsset(ctx.store.db, ctx.websiteId, outcome.assetId);
  if (row && RASTER_FORMATS[row.content_type]) await ctx.processImage(row.id);
  return outcome.assetId;
}

/**
 * Adds a library entry for a video or track that lives with its provider: asks the provider's
 * oEmbed endpoint, checks its answer (answer.ts), keeps its thumbnail as the entry's poster, and
 * records the entry. Its blob is the entry's facts as JSON (what an export writes), put before its
 * row, so that a row never names a missing blob. Throws EmbedFailure for the provider's refusals.
 */
export async function addEmbed(ctx: EmbedContext, provider: Provider, link: string): Promise<string> {
  const answer = readAnswer(provider, link, await fetchOembed(provider, link, ctx.origins));
  const posterId = await storeThumbnail(ctx, provider, answer.thumbnailUrl, answer.facts.title);
  const id = randomUUID();
  const key = checkBlobKey(`sites/${ctx.websiteId}/uploads/${id}`);
  const json = Buffer.from(JSON.stringify(answer.facts));
  await ctx.store.blobs.put(key, json, { contentType: 'application/json' });
  const slug = safeFileName(answer.facts.title.toLowerCase()) || provider.id;
  try {
    // `.json`: an export writes the facts as a file that an import recognises (site-dir/assets.ts).
    const candidates = nameCandidates(`${slug}.json`, 50).map((n) => `${EMBED_FOLDER}/${n}`);
    const taken = await takenPaths(ctx.store.db, ctx.websiteId, candidates);
    const path = candidates.find((p) => !taken.has(p)) ?? `${EMBED_FOLDER}/${id}.json`;
    await ctx.store.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('assets')
        .values({
          id,
          website_id: ctx.websiteId,
          path,
          display_name: answer.facts.title,
          content_type: EMBED_TYPES[provider.kind],
          size: json.byteLength,
          sha256: createHash('sha256').update(json).digest('hex'),
          blob_key: key,
          width: answer.facts.width,
          height: answer.facts.height,
          color_data: null,
          placeholder: null,
          processed_on: ctx.now,
          media_error: null,
          focal_x: null,
          focal_y: null,
          created_on: ctx.now,
          duration_ms: answer.durationMs,
          poster_asset_id: posterId,
          embed: JSON.stringify(answer.facts),
        })
        .execute();
      await bumpWebsiteVersion(tx, ctx.websiteId);
    });
  } catch (error) {
    await ctx.store.blobs.delete(key);
    throw error;
  }
  return id;
}
