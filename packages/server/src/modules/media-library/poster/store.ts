import type { Kysely } from 'kysely';
import { RASTER_FORMATS } from '../../../media/index.js';
import { bumpWebsiteVersion } from '../../../storage/assets.js';
import type { Database } from '../../../storage/schema.js';

/** Whether a content type may have a poster (a stored video or audio file, or an entry added from a link). */
export function takesPoster(contentType: string): boolean {
  return contentType.startsWith('video/') || contentType.startsWith('audio/');
}

/** Whether an image can be a poster: a raster image, so that it gets its responsive widths. */
export function canBePoster(contentType: string): boolean {
  return RASTER_FORMATS[contentType] !== undefined;
}

/**
 * Links a poster to a video, in one statement that also checks the poster is still an image of the
 * same site: an image deleted meanwhile is never linked. Answers whether the link was made.
 */
export async function linkPoster(db: Kysely<Database>, websiteId: string, videoId: string, posterId: string | null): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    let update = tx.updateTable('assets').set({ poster_asset_id: posterId }).where('website_id', '=', websiteId).where('id', '=', videoId);
    if (posterId !== null) {
      update = update.where((eb) =>
        eb.exists(
          eb
            .selectFrom('assets as poster')
            .select('poster.id')
            .where('poster.website_id', '=', websiteId)
            .where('poster.id', '=', posterId)
            .where('poster.content_type', 'in', Object.keys(RASTER_FORMATS)),
        ),
      );
    }
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await bumpWebsiteVersion(tx, websiteId);
    return true;
  });
}
