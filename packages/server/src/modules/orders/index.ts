import fp from 'fastify-plugin';
import './mail.js';
import { ordersPlugin } from './plugin.js';

export { PlacedOrderSchema } from './schemas.js';
export type { OrderConfirmationMailInput } from './mail.js';

/** The order pages (confirmation, status, donation), downloads, the order mail, and the visitor's cart on every page. */
export default fp(
  async (app) => {
    await app.register(ordersPlugin, app.commerce);
  },
  { name: 'orders', dependencies: ['commerce', 'cart'] },
);
