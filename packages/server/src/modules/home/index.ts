import fp from 'fastify-plugin';
import { homeRoutes } from './routes.js';

/**
 * The studio's home page's figures (GET /api/owner/home): sales against the week before, orders to
 * fulfil, offline payments waiting, low stock, new reviews and form submissions. The page itself,
 * /config/, is the owner area's front door (modules/admin).
 */
export default fp(
  async (app) => {
    await homeRoutes(app);
  },
  { name: 'home', dependencies: ['admin'] },
);
