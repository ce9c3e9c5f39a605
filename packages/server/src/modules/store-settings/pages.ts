import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';

/** The studio's store settings page: money inputs follow the currency, dates the site's time zone. */
export function storeSettingsPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/store',
    page: 'store',
    title: 'Store settings',
    permission: 'manageStoreSettings',
    context: (_request, s) => ({ timeZone: s.timeZone }),
  });
}
