import fp from 'fastify-plugin';
import { headerFooterPlugin } from './plugin.js';

/** The site's header and footer settings. */
export default fp(
  async (app) => {
    await app.register(headerFooterPlugin, app.commerce);
  },
  { name: 'header-footer', dependencies: ['commerce'] },
);
