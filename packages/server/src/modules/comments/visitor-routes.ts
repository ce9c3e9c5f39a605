import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError } from '../../errors.js';
import { RateLimiter, SITE_SUBJECT, visitorSubject } from '../../http/rate-limit.js';
import { newId } from '../../storage/ids.js';
import { writeTransaction } from '../../storage/statement.js';
import type { Store } from '../../storage/dialect.js';
import { commentView } from './view.js';
import type { CommentLimits } from './limits.js';
import { visiblePost } from './post.js';
import { commentSettings } from './settings.js';
import { addLike, insertComment, likeCounts, type CommentRow } from './store.js';
import { parseComment } from './validate.js';

/** Where a visitor posts a comment on a post, and likes it (`:itemId` the post's id). */
export const COMMENTS_API = '/api/comments/items';
/** The honeypot of the comment form: people leave it empty (it is hidden), bots fill it in. */
export const HONEYPOT = 'website_url';
/** The visitor's like cookie: a random id, so that a visitor's like counts once. */
const LIKE_COOKIE = 'tessera_liker';
const YEAR_SECONDS = 365 * 24 * 3600;

type ItemParams = { Params: { itemId: string } };

export interface CommentVisitorOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly limits: CommentLimits;
}

const bodyOf = (request: FastifyRequest) =>
  (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Record<string, unknown>;

/** The visitor's like key: a hash of their like cookie, made (and set) on their first like. */
function likerKey(request: FastifyRequest, reply: FastifyReply): string {
  let id = request.cookies[LIKE_COOKIE];
  if (!id || !/^[A-Za-z0-9_-]{22}$/.test(id)) {
    id = randomBytes(16).toString('base64url');
    reply.setCookie(LIKE_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: YEAR_SECONDS });
  }
  return createHash('sha256').update(id).digest('base64url');
}

/**
 * A visitor's side of comments and likes (docs/comments.md), crumb-checked like every API write:
 *   POST /api/comments/items/:itemId/comments { name, email?, text, captchaToken }   201 { comment }
 *        waiting for approval (`pending`) unless the site publishes comments at once
 *   POST /api/comments/items/:itemId/like                                          200 { likeCount, liked }
 *        counted once per visitor (their like cookie): a second like answers the same count
 */
export async function commentVisitorRoutes(app: FastifyInstance, opts: CommentVisitorOptions): Promise<void> {
  const { store, clock, limits } = opts;
  const limiter = new RateLimiter(store.db, clock);

  app.post<ItemParams>(`${COMMENTS_API}/:itemId/comments`, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const s = request.site;
    await limiter.enforce(
      s.website.id,
      [
        { rule: limits.commentPerVisitor, subject: visitorSubject(request) },
        { rule: limits.commentPerSite, subject: SITE_SUBJECT },
      ],
      'COMMENT_RATE_LIMITED',
    );
    const settings = commentSettings(s);
    const now = clock();
    const post = settings.enabled ? await visiblePost(store.db, s, request.params.itemId, now) : null;
    if (post?.commentState !== 1) throw new AppError('COMMENTS_CLOSED');
    const body = bodyOf(request);
    const parsed = parseComment(body);
    if (!parsed.ok) throw new AppError('VALIDATION_FAILED', undefined, parsed.errors);
    const row: CommentRow = {
      id: newId(),
      item_id: post.id,
      status: settings.requireApproval ? 'pending' : 'approved',
      author_name: parsed.value.name,
      author_email: parsed.value.email,
      body: parsed.value.text,
      by_site: 0,
      created_on: now,
      moderated_on: null,
      moderated_by: null,
    };
    // A bot that filled in the hidden field gets the answer a person would, and nothing is kept.
    const bait = body[HONEYPOT];
    if (typeof bait === 'string' && bait.trim() !== '') return reply.status(201).send({ comment: commentView(s, row) });
    const token = typeof body.captchaToken === 'string' ? body.captchaToken : '';
    const captcha = app.captcha.forSite(s.website.id, s.settings);
    await writeTransaction(store, async (tx) => {
      const verdict = await captcha.provider.verify(captcha.site, token, tx);
      if (!verdict.ok) throw new AppError(verdict.reason === 'missing' ? 'CAPTCHA_REQUIRED' : 'CAPTCHA_INVALID');
      await insertComment(tx, { ...row, website_id: s.website.id });
    });
    return reply.status(201).send({ comment: commentView(s, row) });
  });

  app.post<ItemParams>(`${COMMENTS_API}/:itemId/like`, async (request, reply) => {
    const s = request.site;
    await limiter.enforce(s.website.id, [{ rule: limits.likePerVisitor, subject: visitorSubject(request) }]);
    if (!commentSettings(s).likes) throw new AppError('LIKES_NOT_ENABLED');
    const now = clock();
    const post = await visiblePost(store.db, s, request.params.itemId, now);
    if (!post) throw new AppError('NOT_FOUND');
    await addLike(store.db, s.website.id, post.id, likerKey(request, reply), now);
    const count = (await likeCounts(store.db, s.website.id, [post.id])).get(post.id) ?? 0;
    return reply.header('cache-control', 'no-store').send({ likeCount: count, liked: true });
  });
}
