import fp from 'fastify-plugin';
import { ownerPage } from '../admin/index.js';
import type { MediaLibraryOptions } from './limits.js';
import { scheduleDurations } from './durations.js';
import { mediaLibraryRoutes } from './routes.js';

export type { MediaLibraryOptions } from './limits.js';

/**
 * The owner's media library (docs/owner-api.md "Media"): uploads streamed into the blob store and
 * checked by content, the list, a file's name, alt text, title and focal point, where it is used,
 * and its deletion. Its routes live in a scope of their own, so the multipart parser is theirs only.
 */
export default fp<MediaLibraryOptions>(
  async (app, options) => {
    await app.register(mediaLibraryRoutes, options);
    scheduleDurations(app);
    ownerPage(app, { path: '/config/media', page: 'media', title: 'Media', permission: 'manageMedia' });
  },
  { name: 'media-library', dependencies: ['site', 'admin', 'media'] },
);
