import { REVIEW_LIMITS, REVIEW_MESSAGES, parseRating, ratingStars, validateReview } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { PageType } from '../../constants.js';
import { AppError } from '../../errors.js';
import { RateLimiter, SITE_SUBJECT, visitorSubject } from '../../http/rate-limit.js';
import { escapeHtml } from '@tessera/core/html';
import type { Store } from '../../storage/dialect.js';
import { newId } from '../../storage/ids.js';
import { isUniqueViolation } from '../../storage/statement.js';
import type { Signer } from '../commerce/index.js';
import { firstImage } from '../commerce/index.js';
import { assetUrl } from '../site/index.js';
import { itemUrl } from '../site/index.js';
import { baseContext, notFoundPage } from '../site/index.js';
import type { SiteRenderer } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { DEFAULT_REVIEW_LIMITS, REVIEWS_ON_PAGE, type ReviewLimits } from './limits.js';
import { REVIEWS_REQUEST_PATH, orderIdFromReviewToken } from './request.js';
import { reviewSettings } from './settings.js';
import { orderReviews, productReviews, reviewableProducts, reviewView } from './store.js';

const REVIEWS_API_PATH = '/api/commerce/reviews';
/** The honeypot of the review form: people leave it empty, bots fill it in. */
const HONEYPOT = 'website_url';

export interface ReviewsPluginOptions {
  store: Store;
  renderer: SiteRenderer;
  signer: Signer;
  clock: Clock;
  limits?: Partial<ReviewLimits>;
}

const countText = (n: number) => (n === 0 ? 'No reviews yet' : n === 1 ? '1 review' : `${n} reviews`);

/** How a buyer is named under a review they did not sign: the order's first name and last initial. */
function defaultReviewerName(shippingAddress: string | null): string {
  const address = shippingAddress ? (JSON.parse(shippingAddress) as { firstName?: string; lastName?: string }) : {};
  const first = (address.firstName ?? '').trim();
  const last = (address.lastName ?? '').trim();
  return first ? `${first}${last ? ` ${[...last][0]!.toUpperCase()}.` : ''}` : 'Verified buyer';
}

/**
 * Product reviews, when the site's merchandising settings enable them (`reviewsEnabled`):
 *   product pages (50)                   `productReviews` in the page context: count, average, the newest reviews
 *   GET  /commerce/reviews-request?token=  the review-request page (209) of an order, from its review-request mail
 *   POST /api/commerce/reviews           { token, itemId, rating, body, reviewerName? }: 201 { review }, published at once,
 *                                        or `pending` until a moderator approves it when the site asks for approval
 * A buyer rates each product of an order once (a second attempt: 409 REVIEW_ALREADY_SUBMITTED).
 */
export async function reviewsPlugin(app: FastifyInstance, opts: ReviewsPluginOptions): Promise<void> {
  const { store, renderer, signer } = opts;
  const limits = { ...DEFAULT_REVIEW_LIMITS, ...opts.limits };
  const limiter = new RateLimiter(store.db, opts.clock);

  renderer.addContextHook(async (_request, s, context) => {
    const item = context.item as { id?: unknown; structuredContent?: unknown } | undefined;
    if (context.pageType !== PageType.ITEM || !item?.structuredContent || typeof item.id !== 'string' || !reviewSettings(s).enabled) return;
    const { reviews, count, total } = await productReviews(store.db, s.website.id, item.id, REVIEWS_ON_PAGE);
    const average = count > 0 ? Math.round((total / count) * 10) / 10 : null;
    context.productReviews = {
      itemId: item.id,
      count,
      countText: countText(count),
      averageRating: average,
      averageRatingText: average === null ? '' : average.toFixed(1),
      averageStars: ratingStars(average ?? 0),
      // The same for themes' star partials, which read `rating` and `stars` of a review or of this.
      average: { rating: average === null ? '' : average.toFixed(1), stars: ratingStars(average ?? 0) },
      reviews,
      hasMore: count > reviews.length,
    };
  });

  /**
   * The order a review link names, when the link is right and the order is paid: a review is a
   * verified buyer's, so a link of an order never paid (pending, declined, canceled) opens nothing.
   */
  const orderOf = async (s: SiteSnapshot, token: unknown) => {
    const orderId = await orderIdFromReviewToken(signer, s.website.id, token);
    if (!orderId) return null;
    const order = await store.db
      .selectFrom('orders')
      .select(['id', 'order_number', 'payment_status', 'shipping_address'])
      .where('id', '=', orderId)
      .where('website_id', '=', s.website.id)
      .executeTakeFirst();
    return order && order.payment_status === 'paid' ? order : null;
  };

  app.get(REVIEWS_REQUEST_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const s = await renderer.snapshotFor(request);
    if (!s) return renderer.sendNotFound(request, reply);
    const req = renderer.pageRequest(request, s);
    const token = (request.query as { token?: unknown }).token;
    const order = reviewSettings(s).enabled ? await orderOf(s, token) : null;
    if (!order) return renderer.send(request, reply, s, notFoundPage(req));
    const [products, reviews] = await Promise.all([reviewableProducts(store.db, order.id), orderReviews(store.db, order.id)]);
    const items =
      products.length === 0
        ? []
        : await store.db
            .selectFrom('items')
            .innerJoin('products', 'products.item_id', 'items.id')
            .select(['items.id', 'items.title', 'items.url_id', 'items.collection_id', 'items.data as item_data', 'products.data as product_data'])
            .where('items.website_id', '=', s.website.id)
            .where(
              'items.id',
              'in',
              products.map((p) => p.itemId),
            )
            .execute();
    const byId = new Map(items.map((i) => [i.id, i]));
    const context = baseContext(req, PageType.REVIEWS_REQUEST);
    const list = products.map((p) => {
      const row = byId.get(p.itemId);
      const collection = row ? s.collectionsById.get(row.collection_id) : undefined;
      const image = row ? firstImage(row.item_data, row.product_data) : null;
      const review = reviews.get(p.itemId) ?? null;
      return {
        itemId: p.itemId,
        title: row?.title ?? p.title,
        fullUrl: row && collection?.access === 'public' ? itemUrl(s, collection, row) : null,
        imageUrl: image ? assetUrl(s, image) : null,
        reviewed: review !== null,
        review,
      };
    });
    context.reviewsRequest = {
      token: String(token),
      orderNumber: order.order_number,
      products: list,
      allReviewed: list.every((p) => p.reviewed),
      submitUrl: REVIEWS_API_PATH,
      requiresApproval: reviewSettings(s).requireApproval,
      reviewerName: defaultReviewerName(order.shipping_address),
      maxBodyLength: REVIEW_LIMITS.maxBodyLength,
      messages: REVIEW_MESSAGES,
    };
    // Search engines and mail scanners should not keep or pass on the order's link.
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
    return renderer.send(request, reply, s, {
      kind: 'page',
      status: 200,
      template: 'pages/reviews-request.page',
      context,
      fallbackHtml: `<h1>Write a review</h1>\n<ul>${list.map((p) => `<li>${escapeHtml(p.title)}</li>`).join('')}</ul>\n`,
    });
  });

  app.post(REVIEWS_API_PATH, { bodyLimit: 32 * 1024 }, async (request, reply) => {
    const s = request.site;
    await limiter.enforce(s.website.id, [
      { rule: limits.submitPerVisitor, subject: visitorSubject(request) },
      { rule: limits.submitPerSite, subject: SITE_SUBJECT },
    ]);
    const settings = reviewSettings(s);
    if (!settings.enabled) throw new AppError('REVIEWS_NOT_ENABLED');
    const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Record<string, unknown>;
    const errors = validateReview(body);
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
    const order = await orderOf(s, body.token);
    if (!order) throw new AppError('REVIEW_LINK_INVALID');
    const itemId = typeof body.itemId === 'string' ? body.itemId : '';
    if (!(await reviewableProducts(store.db, order.id)).some((p) => p.itemId === itemId)) throw new AppError('REVIEW_PRODUCT_NOT_IN_ORDER');
    const name = typeof body.reviewerName === 'string' ? body.reviewerName.trim() : '';
    const row = {
      id: newId(),
      website_id: s.website.id,
      item_id: itemId,
      order_id: order.id,
      status: settings.requireApproval ? ('pending' as const) : ('approved' as const),
      rating: parseRating(body.rating)!,
      body: String(body.body).trim(),
      reviewer_name: name || defaultReviewerName(order.shipping_address),
      created_on: opts.clock(),
      reply: null,
    };
    // A bot that filled in the hidden field gets the same answer, and nothing is kept.
    const bait = body[HONEYPOT];
    if (typeof bait === 'string' && bait.trim() !== '') return reply.status(201).send({ review: reviewView(row) });
    try {
      await store.db.insertInto('product_reviews').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('REVIEW_ALREADY_SUBMITTED');
      throw error;
    }
    return reply.status(201).send({ review: reviewView(row) });
  });
}
