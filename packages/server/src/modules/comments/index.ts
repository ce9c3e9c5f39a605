import fp from 'fastify-plugin';
import { commentsContextHook } from './context.js';
import { type CommentLimits, DEFAULT_COMMENT_LIMITS } from './limits.js';
import { commentOwnerRoutes } from './owner-routes.js';
import { commentOwnerPages } from './pages.js';
import { commentVisitorRoutes } from './visitor-routes.js';

/** What a deployment (or a test) may change about comments: the rate limits. */
export interface CommentsSetup {
  readonly limits?: Partial<CommentLimits>;
}

/**
 * Native comments and likes on posts (docs/comments.md): the visitor's comment and like calls, the
 * comment figures and thread in the page context, and the studio's moderation page and API.
 */
export default fp<CommentsSetup>(
  async (app, setup) => {
    const { store, clock } = app.deps;
    app.renderer.addContextHook(commentsContextHook(store));
    await app.register(commentVisitorRoutes, { store, clock, limits: { ...DEFAULT_COMMENT_LIMITS, ...setup.limits } });
    await app.register(commentOwnerRoutes);
    commentOwnerPages(app);
  },
  { name: 'comments', dependencies: ['site', 'admin'] },
);
