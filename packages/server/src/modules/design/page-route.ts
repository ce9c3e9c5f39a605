import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';

/**
 * The studio's design page: the site's palette, colour and font themes, the theme's declared
 * settings and the theme itself, with a live preview of any page. Its data comes from the design
 * API (docs/owner-api.md "Site styles"); the context needs nothing before the first call.
 */
export function designPage(app: FastifyInstance): void {
  ownerPage(app, { path: '/config/design', page: 'design', title: 'Design', permission: 'editStyles' });
}
