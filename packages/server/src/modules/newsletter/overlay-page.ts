import type { FastifyInstance } from 'fastify';
import { PageType } from '../../constants.js';
import { escapeHtml } from '@tessera/core/html';
import { baseContext, notFoundPage } from '../site/index.js';
import type { SiteRenderer } from '../site/index.js';
import { popupOverlayContext } from './overlay.js';

const POPUP_OVERLAY_PATH = '/popup-overlay';

/**
 * The popup overlay as a page of its own (page type 104, `pages/popup-overlay.page`): the content the
 * dialog shows over other pages (title, text, the newsletter form), for the studio's preview and for
 * themes that link to it. Visitors get it while the site shows the overlay; the site's signed-in
 * owner also while it is off, to see it before turning it on. Not found without a form to show.
 */
export function overlayPage(app: FastifyInstance, renderer: SiteRenderer): void {
  app.get(POPUP_OVERLAY_PATH, async (request, reply) => {
    const s = await renderer.snapshotFor(request);
    if (!s) return renderer.sendNotFound(request, reply);
    const req = renderer.pageRequest(request, s);
    const owner = request.owner?.websiteId === s.website.id;
    const overlay = popupOverlayContext(s, { evenWhenOff: owner });
    if (!overlay) return renderer.send(request, reply, s, notFoundPage(req));
    const context = baseContext(req, PageType.POPUP_OVERLAY);
    context.popupOverlay = overlay;
    return renderer.send(request, reply, s, {
      kind: 'page',
      status: 200,
      template: 'pages/popup-overlay.page',
      context,
      fallbackHtml: `<h1>${escapeHtml(overlay.title)}</h1>\n${overlay.body}\n`,
    });
  });
}
