import fp from 'fastify-plugin';
import { multilingualPlugin } from './plugin.js';

/** The site's languages: the visitor's choice, the owner's published languages. */
export default fp(
  async (app) => {
    await app.register(multilingualPlugin, app.commerce);
  },
  { name: 'multilingual', dependencies: ['commerce', 'accounts'] },
);
