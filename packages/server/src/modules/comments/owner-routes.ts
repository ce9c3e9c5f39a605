import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { checker } from '../../http/validate.js';
import { newId } from '../../storage/ids.js';
import { itemUrl, type SiteSnapshot, updateWebsiteSettings } from '../site/index.js';
import { COMMENT_FIELD_LIMITS } from './limits.js';
import { COMMENT_STATUSES, type OwnerCommentRow, commentCounts, deleteComment, findComment, pageOfComments, setCommentStatus } from './owner-store.js';
import { commentSettings } from './settings.js';
import { type CommentRow, type CommentStatus, insertComment } from './store.js';
import { commentDate } from './view.js';

const config = { openWhenLocked: true, permission: 'moderateComments' } as const;
const noStore = { 'cache-control': 'no-store' };
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;

const OWNER_COMMENT_MESSAGES = Object.freeze({
  status: `Choose one of ${COMMENT_STATUSES.join(', ')}.`,
  limit: `Enter a whole number from 1 to ${MAX_LIMIT}.`,
  cursor: 'Enter the cursor of the previous page.',
  reply: `Write a reply of at most ${COMMENT_FIELD_LIMITS.text} characters.`,
  requireApproval: 'Choose true or false.',
});

const checkReply = checker(Type.Object({ text: Type.String({ minLength: 1, maxLength: COMMENT_FIELD_LIMITS.text }) }));
const checkSettings = checker(Type.Object({ commentsRequireApproval: Type.Boolean() }));

type IdParams = { Params: { id: string } };

/** A comment as the queue shows it: its post (linked on the site while it is there), the commenter's email for the owner. */
function ownerComment(s: SiteSnapshot, r: OwnerCommentRow) {
  const collection = r.collection_id ? s.collectionsById.get(r.collection_id) : undefined;
  return {
    id: r.id,
    status: r.status,
    authorName: r.author_name,
    authorEmail: r.author_email,
    text: r.body,
    bySite: r.by_site === 1,
    created: Number(r.created_on),
    createdText: commentDate(s, Number(r.created_on)),
    moderatedOn: r.moderated_on === null ? null : Number(r.moderated_on),
    moderatedBy: r.moderated_by,
    post: {
      itemId: r.item_id,
      title: r.title ?? null,
      url: collection && r.url_id ? itemUrl(s, collection, { url_id: r.url_id }) : null,
    },
  };
}

function parseQuery(query: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  const status = query.status ?? '';
  if (status !== '' && !COMMENT_STATUSES.includes(status as CommentStatus)) errors.status = OWNER_COMMENT_MESSAGES.status;
  const limitText = query.limit ?? String(DEFAULT_LIMIT);
  const limit = typeof limitText === 'string' && /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) errors.limit = OWNER_COMMENT_MESSAGES.limit;
  const cursor = query.cursor ?? '0';
  const offset = typeof cursor === 'string' && /^\d{1,7}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isSafeInteger(offset)) errors.cursor = OWNER_COMMENT_MESSAGES.cursor;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  return { status: status === '' ? null : (status as CommentStatus), limit, offset };
}

/**
 * Comment moderation (docs/owner-api.md "Comments"), permission moderateComments (a reply, postComments):
 *   GET    /api/owner/comments?status&limit&cursor   waiting first, then newest; with the counts per state
 *   POST   /api/owner/comments/:id/approve           shown on its post
 *   POST   /api/owner/comments/:id/spam              set aside, never shown
 *   POST   /api/owner/comments/:id/reply { text }    a comment as the site on the same post, shown at once
 *   DELETE /api/owner/comments/:id                   gone for good
 *   GET/PUT /api/owner/comments/settings             { commentsRequireApproval }
 * A write that succeeds empties the page cache (modules/site): the post shows the change at once.
 */
export async function commentOwnerRoutes(app: FastifyInstance): Promise<void> {
  const { store, clock } = app.deps;
  const db = store.db;

  app.get('/api/owner/comments', { config }, async (request, reply) => {
    const s = request.site;
    const query = parseQuery(request.query as Record<string, unknown>);
    const [rows, counts] = await Promise.all([pageOfComments(db, s.website.id, query), commentCounts(db, s.website.id)]);
    const page = rows.slice(0, query.limit);
    return reply.headers(noStore).send({
      comments: page.map((r) => ownerComment(s, r)),
      nextCursor: rows.length > query.limit ? String(query.offset + query.limit) : null,
      counts,
    });
  });

  const moderate = (status: CommentStatus) => async (request: FastifyRequest<IdParams>) => {
    const s = request.site;
    if (!(await setCommentStatus(db, s.website.id, request.params.id, status, request.owner!.email, clock()))) throw new AppError('NOT_FOUND');
    const [row, counts] = await Promise.all([findComment(db, s.website.id, request.params.id), commentCounts(db, s.website.id)]);
    if (!row) throw new AppError('NOT_FOUND');
    return { comment: ownerComment(s, row), counts };
  };
  app.post<IdParams>('/api/owner/comments/:id/approve', { config }, async (request, reply) => reply.headers(noStore).send(await moderate('approved')(request)));
  app.post<IdParams>('/api/owner/comments/:id/spam', { config }, async (request, reply) => reply.headers(noStore).send(await moderate('spam')(request)));

  app.post<IdParams>(
    '/api/owner/comments/:id/reply',
    { config: { openWhenLocked: true, permission: 'postComments' }, bodyLimit: 16 * 1024 },
    async (request, reply) => {
      const s = request.site;
      const raw = (request.body ?? {}) as { text?: unknown };
      const body = checkReply({ text: typeof raw.text === 'string' ? raw.text.trim() : raw.text });
      if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, { text: OWNER_COMMENT_MESSAGES.reply });
      const original = await findComment(db, s.website.id, request.params.id);
      if (!original) throw new AppError('NOT_FOUND');
      const now = clock();
      const row: CommentRow = {
        id: newId(),
        item_id: original.item_id,
        status: 'approved',
        author_name: s.siteTitle,
        author_email: null,
        body: body.value.text,
        by_site: 1,
        created_on: now,
        moderated_on: now,
        moderated_by: request.owner!.email,
      };
      await insertComment(db, { ...row, website_id: s.website.id });
      return reply
        .status(201)
        .headers(noStore)
        .send({
          comment: ownerComment(s, { ...row, title: original.title, collection_id: original.collection_id, url_id: original.url_id }),
          counts: await commentCounts(db, s.website.id),
        });
    },
  );

  app.delete<IdParams>('/api/owner/comments/:id', { config }, async (request, reply) => {
    const websiteId = request.site.website.id;
    if (!(await deleteComment(db, websiteId, request.params.id))) throw new AppError('NOT_FOUND');
    return reply.headers(noStore).send({ deleted: true, counts: await commentCounts(db, websiteId) });
  });

  app.get('/api/owner/comments/settings', { config }, async (request, reply) => {
    const settings = commentSettings(request.site);
    return reply.headers(noStore).send({ commentsEnabled: settings.enabled, commentsRequireApproval: settings.requireApproval });
  });

  app.put('/api/owner/comments/settings', { config }, async (request, reply) => {
    const body = checkSettings(request.body ?? {});
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, { commentsRequireApproval: OWNER_COMMENT_MESSAGES.requireApproval });
    const saved = await updateWebsiteSettings(
      store,
      request.site.website.id,
      (settings) => {
        settings.commentsRequireApproval = body.value.commentsRequireApproval;
      },
      clock(),
    );
    return reply.headers(noStore).send({ commentsEnabled: saved.commentsEnabled === true, commentsRequireApproval: saved.commentsRequireApproval !== false });
  });
}
