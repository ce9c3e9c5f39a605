import fp from 'fastify-plugin';
import { designRoutes } from './routes.js';

/**
 * The site's styles and theme in the studio (/config/design, the design studio's page): the theme's
 * declared style settings, the owner's saved paths per theme, the live preview's CSS, save, reset and
 * the switch between built-in themes, under /api/owner/design.
 */
export default fp(
  async (app) => {
    await app.register(designRoutes);
  },
  { name: 'design', dependencies: ['site', 'admin'] },
);
