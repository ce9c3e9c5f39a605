import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';
import { readInventorySettings } from './inventory-settings.js';

/** The studio's inventory page: the list, its adjustments and history, and the inventory's settings. */
export function inventoryPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/inventory',
    page: 'inventory',
    title: 'Inventory',
    permission: 'manageProducts',
    context: async (_request, s) => ({
      currency: s.currency,
      timeZone: s.timeZone,
      settings: await readInventorySettings(app.deps.store, s.website.id),
    }),
  });
}
