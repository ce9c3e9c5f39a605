import { commentCountLabel, commentsShown } from '@tessera/core';
import type { FastifyRequest } from 'fastify';
import { PageType } from '../../constants.js';
import type { Store } from '../../storage/dialect.js';
import type { PageContext, SiteSnapshot } from '../site/index.js';
import { CHALLENGE_PATH } from '../../captcha/index.js';
import { COMMENTS_ON_PAGE, COMMENT_FIELD_LIMITS } from './limits.js';
import { commentSettings } from './settings.js';
import { approvedComments, likeCounts, publicCommentCounts } from './store.js';
import { COMMENTS_API, HONEYPOT } from './visitor-routes.js';
import { commentView } from './view.js';

type ItemContext = Record<string, unknown> & { id?: unknown; collectionId?: unknown };

const isPost = (s: SiteSnapshot, item: unknown): item is ItemContext & { id: string } => {
  const i = item as ItemContext | null;
  return !!i && typeof i.id === 'string' && typeof i.collectionId === 'string' && s.collectionsById.get(i.collectionId)?.type_name === 'blog';
};

/**
 * The page context's comment and like figures (docs/comments.md): every post a page shows (the post
 * page's `item`, a blog's `items`) gets `publicCommentCount` (its approved comments) and `likeCount`,
 * read in one grouped query each for the whole page; a post page also gets `comments`, the thread
 * its theme draws (the approved comments oldest first, the form's addresses and limits).
 */
export function commentsContextHook(store: Store) {
  return async (_request: FastifyRequest, s: SiteSnapshot, context: PageContext): Promise<void> => {
    const page = context.pageType === PageType.ITEM && isPost(s, context.item) ? context.item : null;
    const listed = Array.isArray(context.items) ? context.items.filter((i) => isPost(s, i)) : [];
    const posts = page ? [page, ...listed] : listed;
    if (posts.length === 0) return;
    const ids = [...new Set(posts.map((p) => p.id))];
    const settings = commentSettings(s);
    const [comments, likes] = await Promise.all([
      publicCommentCounts(store.db, s.website.id, ids),
      settings.likes ? likeCounts(store.db, s.website.id, ids) : null,
    ]);
    // The items of a list are shared between requests (built once per site version, and frozen):
    // the figures go on copies, which take their places in this page's context.
    const counted = (post: ItemContext & { id: string }) => ({ ...post, publicCommentCount: comments.get(post.id) ?? 0, likeCount: likes?.get(post.id) ?? 0 });
    if (listed.length > 0) context.items = (context.items as unknown[]).map((i) => (isPost(s, i) ? counted(i) : i));
    if (!page) return;
    context.item = counted(page);
    const count = comments.get(page.id) ?? 0;
    const shown = commentsShown({ commentState: page.commentState, publicCommentCount: count }, settings.enabled);
    const language =
      typeof (context.website as { language?: unknown } | undefined)?.language === 'string' ? (context.website as { language: string }).language : undefined;
    const list = shown && count > 0 ? await approvedComments(store.db, s.website.id, page.id, COMMENTS_ON_PAGE) : [];
    context.comments = {
      itemId: page.id,
      shown,
      open: shown && page.commentState === 1,
      count,
      countLabel: commentCountLabel(count),
      list: list.map((r) => commentView(s, r, language)),
      requireApproval: settings.requireApproval,
      postUrl: `${COMMENTS_API}/${encodeURIComponent(page.id)}/comments`,
      captchaChallengeUrl: CHALLENGE_PATH,
      honeypot: HONEYPOT,
      maxLength: COMMENT_FIELD_LIMITS,
    };
  };
}
