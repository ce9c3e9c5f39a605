import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { PageType } from '../../constants.js';
import type { Store } from '../../storage/dialect.js';
import { isObject } from '../../site-dir/checker.js';
import { contentTypeOf } from '../../storage/content-types.js';
import { assetUrl } from '../site/index.js';
import type { PageContext } from '../site/index.js';
import type { SiteRenderer } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { memberOf } from '../accounts/index.js';
import { memberAccessContext } from './access.js';

/**
 * A lesson's video (storefront.md section 2: "lesson detail page with a video paywall button").
 * An item of a lessons collection may name `"video": { "path": "assets/...webm", "captions": "assets/...vtt", "poster":
 * "assets/...", "durationSeconds": 840 }`. On its page the context gets `item.video`: the URLs
 * for those who may open the item's collection, `locked: true` and no URL for everyone else (a
 * preview lesson), plus `memberAccess` with the join options for the paywall button. The video and
 * captions files themselves are checked again by the asset route.
 */
export function lessonVideoHook(deps: { store: Store; clock: Clock; renderer: SiteRenderer }) {
  return async (request: FastifyRequest, s: SiteSnapshot, context: PageContext): Promise<void> => {
    if (context.pageType !== PageType.ITEM) return;
    const item = context.item as { id?: string } | undefined;
    const collection = context.collection as { id?: string } | undefined;
    const c = collection?.id ? s.collectionsById.get(collection.id) : undefined;
    // Lessons only: other item pages (products above all) cost no extra query.
    if (!item?.id || !c || c.type_name !== 'lessons') return;
    const row = await deps.store.db.selectFrom('items').select('data').where('id', '=', item.id).where('website_id', '=', s.website.id).executeTakeFirst();
    const video = row ? (JSON.parse(row.data) as { video?: unknown }).video : undefined;
    if (!isObject(video) || typeof video.path !== 'string') return;
    const denial = await deps.renderer.access.collection(request, s, c);
    const poster = typeof video.poster === 'string' ? assetUrl(s, video.poster) : null;
    const duration = typeof video.durationSeconds === 'number' ? video.durationSeconds : null;
    if (denial) {
      (item as Record<string, unknown>).video = { locked: true, url: null, captionsUrl: null, contentType: null, poster, durationSeconds: duration };
      const req = deps.renderer.pageRequest(request, s);
      context.memberAccess = await memberAccessContext(deps, req, c, memberOf(request, s.website.id) !== null);
      return;
    }
    (item as Record<string, unknown>).video = {
      locked: false,
      url: assetUrl(s, video.path),
      contentType: contentTypeOf(video.path),
      captionsUrl: typeof video.captions === 'string' ? assetUrl(s, video.captions) : null,
      captionsLanguage: typeof video.captionsLanguage === 'string' ? video.captionsLanguage : s.language,
      poster,
      durationSeconds: duration,
    };
  };
}
