import fp from 'fastify-plugin';
import { placesPlugin } from './plugin.js';
import type { PlacesProvider } from './provider.js';

export type { PlacesProvider } from './provider.js';

/** Address lookups at checkout, through the configured provider (none: the calls answer 501). */
export default fp<{ provider?: PlacesProvider | null }>(
  async (app, setup) => {
    await app.register(placesPlugin, { commerce: app.commerce, provider: setup.provider });
  },
  { name: 'places', dependencies: ['commerce'] },
);
