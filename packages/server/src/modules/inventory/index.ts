import fp from 'fastify-plugin';
import type { SiteSnapshot } from '../site/index.js';
import type { Adjusted } from './adjust.js';
import { inventoryOwnerRoutes, type StockSetHook } from './owner-routes.js';
import { inventoryPlugin } from './plugin.js';

export { giveBackStock, takeStock } from './stock.js';
export { lowStockThreshold } from './settings.js';
export { adjustStock, type Adjusted } from './adjust.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stock: what other modules do when the owner changes a variant's stock. */
    inventory: {
      readonly stockSetHooks: StockSetHook[];
      /**
       * Tells the hooks of the changes that brought a variant back in stock (from none to some), once
       * their transaction committed; the fields they answer are merged into one object for the caller's answer.
       */
      stockChanged(s: SiteSnapshot, changes: readonly Adjusted[]): Promise<Record<string, unknown>>;
    };
  }
}

/** Stock: the visitors' stock call, the owner's stock write, and the stock changes of checkout and cancellation (stock.ts). */
export default fp(
  async (app) => {
    const stockSetHooks: StockSetHook[] = [];
    const stockChanged = async (s: SiteSnapshot, changes: readonly Adjusted[]) => {
      let added: Record<string, unknown> = {};
      for (const c of changes) {
        if (c.before > 0 || c.after <= 0) continue;
        for (const hook of stockSetHooks) {
          added = { ...added, ...(await hook(s, { itemId: c.itemId, variantId: c.variantId, productType: c.productType, stock: c.after })) };
        }
      }
      return added;
    };
    app.decorate('inventory', { stockSetHooks, stockChanged });
    await app.register(inventoryPlugin, app.commerce);
    await app.register(inventoryOwnerRoutes, { store: app.deps.store, clock: app.deps.clock, hooks: stockSetHooks });
  },
  { name: 'inventory', dependencies: ['commerce'] },
);
