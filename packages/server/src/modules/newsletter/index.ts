import fp from 'fastify-plugin';
import { MailingList } from './mailing-list.js';
import { mailingListOwnerRoutes } from './owner-routes.js';
import { popupOverlayContext } from './overlay.js';
import { mailingListOwnerPages } from './pages.js';
import { newsletterPlugin } from './plugin.js';

export { MailingList } from './mailing-list.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's mailing list, joined from forms, restock signups and the newsletter block. */
    mailingList: MailingList;
  }
}

/**
 * The mailing list (`app.mailingList`), its confirmation and unsubscribe pages, the popup overlay the
 * pages carry, and the owner's list of subscribers (search, export, remove).
 */
export default fp(
  async (app) => {
    const mailingList = new MailingList(app.deps.store.db, app.deps.mail, app.deps.clock);
    app.decorate('mailingList', mailingList);
    app.renderer.addBrowserContextHook((s, context) => {
      context.popupOverlay = popupOverlayContext(s);
    });
    await app.register(newsletterPlugin, { renderer: app.renderer, mailingList });
    await app.register(mailingListOwnerRoutes);
    mailingListOwnerPages(app);
  },
  { name: 'newsletter', dependencies: ['site', 'admin'] },
);
