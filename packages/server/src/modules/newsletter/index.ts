import fp from 'fastify-plugin';
import { MailingList } from './mailing-list.js';
import { mailingListOwnerRoutes } from './owner-routes.js';
import { PageType } from '../../constants.js';
import { popupOverlayContext } from './overlay.js';
import { overlayPage } from './overlay-page.js';
import { mailingListOwnerPages } from './pages.js';
import { newsletterPlugin } from './plugin.js';

export { MailingList } from './mailing-list.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's mailing list, joined from forms, restock signups and the newsletter block. */
    mailingList: MailingList;
  }
}

/** The mailing list (`app.mailingList`), its confirmation and unsubscribe pages, and the popup overlay the pages carry. */
export default fp(
  async (app) => {
    const mailingList = new MailingList(app.deps.store.db, app.deps.mail, app.deps.clock);
    app.decorate('mailingList', mailingList);
    app.renderer.addBrowserContextHook((s, context) => {
      // The overlay's own page (104) shows its content already: no dialog over it.
      context.popupOverlay = context.pageType === PageType.POPUP_OVERLAY ? null : popupOverlayContext(s);
    });
    overlayPage(app, app.renderer);
    await app.register(newsletterPlugin, { renderer: app.renderer, mailingList });
  },
  { name: 'newsletter', dependencies: ['site'] },
);

/**
 * The owner's mailing list (`/api/owner/mailing-list`, `/config/mailing-list`): a plugin of its own,
 * registered with the owner's pages of the store (after orders and customers), since a role's
 * landing page is the first owner page it may open in the order they are registered.
 */
export const mailingListAdmin = fp(
  async (app) => {
    await app.register(mailingListOwnerRoutes);
    mailingListOwnerPages(app);
  },
  { name: 'mailing-list-admin', dependencies: ['newsletter', 'admin'] },
);
