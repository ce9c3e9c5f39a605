import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';

/**
 * The studio's product pages: the list, the CSV import, and one product (`new` for a new one). The
 * import's page is registered first: a static path wins over `:id` in the router anyway, and the
 * order keeps that plain to the reader.
 */
export function productAdminPages(app: FastifyInstance): void {
  const context = (s: { currency: string; timeZone: string }) => ({ currency: s.currency, timeZone: s.timeZone });
  ownerPage(app, { path: '/config/products', page: 'products', title: 'Products', permission: 'manageProducts', context: (_r, s) => context(s) });
  ownerPage(app, {
    path: '/config/products/import',
    page: 'product-import',
    title: 'Import products',
    permission: 'manageProducts',
    context: (_r, s) => context(s),
  });
  ownerPage(app, {
    path: '/config/products/:id',
    page: 'product',
    title: 'Product',
    permission: 'manageProducts',
    context: (request, s) => ({ ...context(s), productId: (request.params as { id: string }).id }),
  });
}
