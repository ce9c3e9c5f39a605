import fp from 'fastify-plugin';
import { membersPlugin } from './plugin.js';

/** Members' areas: their access policy, lessons, the join and paywall pages, the grants a paid membership opens. */
export default fp(
  async (app) => {
    await app.register(membersPlugin, app.commerce);
  },
  { name: 'members', dependencies: ['commerce', 'accounts'] },
);
