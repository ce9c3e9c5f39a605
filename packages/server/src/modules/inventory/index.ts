import fp from 'fastify-plugin';
import { inventoryPlugin } from './plugin.js';

export { giveBackStock, takeStock } from './stock.js';

/** Stock: the visitors' stock call, and the stock changes of checkout and cancellation (stock.ts). */
export default fp(async (app) => {
  await app.register(inventoryPlugin, app.commerce);
}, { name: 'inventory', dependencies: ['commerce'] });
