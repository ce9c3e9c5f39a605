import fp from 'fastify-plugin';
import { inventoryOwnerRoutes, type StockSetHook } from './owner-routes.js';
import { inventoryPlugin } from './plugin.js';

export { giveBackStock, takeStock } from './stock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stock: what other modules do when the owner sets a variant's stock. */
    inventory: { readonly stockSetHooks: StockSetHook[] };
  }
}

/** Stock: the visitors' stock call, the owner's stock write, and the stock changes of checkout and cancellation (stock.ts). */
export default fp(
  async (app) => {
    const stockSetHooks: StockSetHook[] = [];
    app.decorate('inventory', { stockSetHooks });
    await app.register(inventoryPlugin, app.commerce);
    await app.register(inventoryOwnerRoutes, { store: app.deps.store, hooks: stockSetHooks });
  },
  { name: 'inventory', dependencies: ['commerce'] },
);
