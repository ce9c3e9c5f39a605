import fp from 'fastify-plugin';
import { designPage } from './page-route.js';
import { lockScreenPreviewRoute } from './preview-pages.js';
import { designRoutes } from './routes.js';

/**
 * The site's styles and theme in the studio: the page at /config/design, and under /api/owner/design
 * the theme's declared style settings, the owner's saved paths per theme, the live preview's CSS,
 * save, reset and the switch between built-in themes; the lock screen shown to the panel's preview.
 */
export default fp(
  async (app) => {
    await app.register(designRoutes);
    await designPage(app);
    lockScreenPreviewRoute(app);
  },
  { name: 'design', dependencies: ['site', 'admin'] },
);
