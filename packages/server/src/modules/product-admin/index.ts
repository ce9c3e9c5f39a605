import fp from 'fastify-plugin';
import { productCsvRoutes } from './csv-routes.js';
import { productAdminPages } from './pages.js';
import { productAdminRoutes } from './routes.js';

/**
 * The owner's products: the products API under /api/owner/products (docs/owner-api.md "Products"),
 * the CSV export and import ("Product import and export"), and the studio's product pages. Saves go
 * through the same rows as `tessera import` (storage/product-rows.ts) and are checked by the site
 * directory's own parser and limits.
 */
export default fp(
  async (app) => {
    await app.register(productAdminRoutes);
    // Its own scope: the multipart and CSV body parsers are the import's only.
    await app.register(productCsvRoutes);
    productAdminPages(app);
  },
  { name: 'product-admin', dependencies: ['admin', 'inventory'] },
);
