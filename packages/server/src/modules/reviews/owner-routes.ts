import { Type } from '@sinclair/typebox';
import { ratingStars } from '@tessera/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { checker } from '../../http/validate.js';
import type { SiteSnapshot } from '../site/index.js';
import { itemUrl } from '../site/index.js';
import { parseReviewQuery, encodeReviewCursor } from './owner-query.js';
import { reviewSettingsRoutes } from './owner-settings.js';
import { type OwnerReviewRow, deleteReview, findReview, pageOfReviews, reviewCounts, setReviewReply, setReviewStatus } from './owner-store.js';
import type { ReviewStatus } from './store.js';

/** The shop's reply is shown under the review: as long as a review may be. */
const MAX_REPLY = 2000;
const REPLY_MESSAGE = `Write a reply of at most ${MAX_REPLY} characters.`;
const checkReply = checker(Type.Object({ reply: Type.String({ maxLength: MAX_REPLY }) }));

// The owner's API answers on a locked site too: the sign-in and the permission guard it there.
const config = { openWhenLocked: true, permission: 'moderateReviews' } as const;
const noStore = { 'cache-control': 'no-store' };
const NO_FILTERS = { rating: null, q: '', item: null } as const;

type IdParams = { Params: { id: string } };

/** A review as the queue shows it: the product (its page, when it is still on the site), the order in the studio. */
function ownerReview(s: SiteSnapshot, r: OwnerReviewRow) {
  const collection = r.collection_id ? s.collectionsById.get(r.collection_id) : undefined;
  return {
    id: r.id,
    status: r.status,
    rating: r.rating,
    stars: ratingStars(r.rating),
    body: r.body,
    reviewerName: r.reviewer_name,
    created: r.created_on,
    reply: r.reply,
    repliedOn: r.replied_on,
    repliedBy: r.replied_by,
    moderatedOn: r.moderated_on,
    moderatedBy: r.moderated_by,
    product: {
      itemId: r.item_id,
      title: r.title,
      url: collection && r.url_id !== null ? itemUrl(s, collection, { url_id: r.url_id }) : null,
    },
    order: { id: r.order_id, orderNumber: r.order_number, url: `/config/orders/${encodeURIComponent(r.order_id)}` },
  };
}

/**
 * The moderation queue (docs/owner-api.md "Reviews"), permission moderateReviews:
 *   GET    /api/owner/reviews?status&rating&q&item&limit&cursor   newest first, with the counts per state
 *   POST   /api/owner/reviews/:id/approve                         shown on the product page
 *   POST   /api/owner/reviews/:id/hide                            taken off it
 *   PUT    /api/owner/reviews/:id/reply { reply }                 the shop's public reply ('' removes it)
 *   DELETE /api/owner/reviews/:id                                 gone for good
 *   GET/PUT /api/owner/reviews/settings                           publish at once or after approval
 * Every change answers the review (or `deleted`) and the counts; the page cache is emptied by any
 * write that succeeds (modules/site), so a visitor sees the change at their next request.
 */
export async function reviewOwnerRoutes(app: FastifyInstance): Promise<void> {
  const { store, clock } = app.deps;
  const db = store.db;

  await app.register(reviewSettingsRoutes);

  app.get('/api/owner/reviews', { config }, async (request, reply) => {
    const s = request.site;
    const query = parseReviewQuery(request.query as Record<string, unknown>);
    // The counts go with the first page: the next pages only add rows to it.
    const [rows, counts] = await Promise.all([pageOfReviews(db, s.website.id, query), query.after ? null : reviewCounts(db, s.website.id, query)]);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return reply.headers(noStore).send({
      reviews: page.map((r) => ownerReview(s, r)),
      nextCursor: rows.length > query.limit && last ? encodeReviewCursor(last.created_on, last.id) : null,
      counts,
    });
  });

  /** The review after a change, and the site's counts per state. */
  const answer = async (request: FastifyRequest<IdParams>, changed: boolean) => {
    const s = request.site;
    if (!changed) throw new AppError('NOT_FOUND');
    const [row, counts] = await Promise.all([findReview(db, s.website.id, request.params.id), reviewCounts(db, s.website.id, NO_FILTERS)]);
    if (!row) throw new AppError('NOT_FOUND');
    return { review: ownerReview(s, row), counts };
  };
  const moderate = (status: ReviewStatus) => async (request: FastifyRequest<IdParams>) =>
    answer(request, await setReviewStatus(db, request.site.website.id, request.params.id, status, request.owner!.email, clock()));

  app.post<IdParams>('/api/owner/reviews/:id/approve', { config }, async (request, reply) => reply.headers(noStore).send(await moderate('approved')(request)));
  app.post<IdParams>('/api/owner/reviews/:id/hide', { config }, async (request, reply) => reply.headers(noStore).send(await moderate('hidden')(request)));

  app.put<IdParams>('/api/owner/reviews/:id/reply', { config, bodyLimit: 32 * 1024 }, async (request, reply) => {
    const body = checkReply(request.body ?? {});
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, { reply: REPLY_MESSAGE });
    const text = body.value.reply.trim();
    const changed = await setReviewReply(db, request.site.website.id, request.params.id, text === '' ? null : text, request.owner!.email, clock());
    return reply.headers(noStore).send(await answer(request, changed));
  });

  app.delete<IdParams>('/api/owner/reviews/:id', { config }, async (request, reply) => {
    const websiteId = request.site.website.id;
    if (!(await deleteReview(db, websiteId, request.params.id))) throw new AppError('NOT_FOUND');
    return reply.headers(noStore).send({ deleted: true, counts: await reviewCounts(db, websiteId, NO_FILTERS) });
  });
}
