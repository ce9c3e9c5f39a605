import fp from 'fastify-plugin';
import { clientErrorsPlugin } from './plugin.js';

/** Client errors reported by the collectors. */
export default fp(
  async (app) => {
    await app.register(clientErrorsPlugin);
  },
  { name: 'client-errors', dependencies: ['analytics'] },
);
