import type { FastifyInstance } from 'fastify';
import { storefrontEntryUrl } from '../../http/storefront.js';
import { ownerPage } from '../admin/index.js';

/**
 * The studio's design page: the site's palette, colour and font themes, the theme's declared
 * settings and the theme itself, with a live preview of any page. Its data comes from the design
 * API (docs/owner-api.md "Site styles"); the context carries the address of the storefront's preview
 * listener, which the page adds to the site page it frames (never part of a visitor's page).
 */
export function designPage(app: FastifyInstance): void {
  const previewScript = storefrontEntryUrl(app.deps.config.storefrontDist, 'design-preview');
  ownerPage(app, { path: '/config/design', page: 'design', title: 'Design', permission: 'editStyles', context: () => ({ previewScript }) });
}
