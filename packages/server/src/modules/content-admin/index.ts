import fp from 'fastify-plugin';
import { itemsPage } from './items-page.js';
import { itemsRoutes } from './items-routes.js';
import { contentAdminRoutes } from './routes.js';

/**
 * A page's (a post's, an event's) content lifecycle for the editor (docs/owner-api.md "Page
 * content"): drafts saved with a revision check, publish, schedule and unpublish, the history of
 * published versions and its restore, who else is editing, and the live preview of an unsaved
 * document rendered by the site's theme; the lists of posts and events, making and deleting them.
 */
export default fp(
  async (app) => {
    await app.register(contentAdminRoutes);
    await app.register(itemsRoutes);
    itemsPage(app);
  },
  { name: 'content-admin', dependencies: ['site', 'admin'] },
);
