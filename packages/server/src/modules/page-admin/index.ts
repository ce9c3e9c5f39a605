import fp from 'fastify-plugin';
import { PageType } from '../../constants.js';
import { ownerPage, type ScryptCost } from '../admin/index.js';
import { pageAdminRoutes } from './routes.js';

type Seo = { seoTitle?: string; seoDescription?: string; socialImage?: unknown };

/**
 * The site's pages in the studio (docs/owner-api.md "Pages and navigation"): the navigation as a
 * tree (main, footer, not linked), pages, blogs, events lists, folders and links added, moved,
 * hidden and deleted, and each page's settings, under /api/owner/pages and /config/pages.
 */
export default fp<{ passwordCost?: ScryptCost }>(
  async (app, options) => {
    await app.register(pageAdminRoutes, options);
    ownerPage(app, { path: '/config/pages', page: 'pages', title: 'Pages', permission: 'editContent' });
    // A plain page's SEO settings are its collection's; the theme's head reads them from its item
    // (an SEO title and description the item sets itself win).
    app.renderer.addContextHook((_request, _s, context) => {
      if (context.pageType !== PageType.PAGE) return;
      const collection = context.collection as Seo | undefined;
      const item = context.item as Seo | undefined;
      if (!collection || !item) return;
      if (collection.seoTitle && !item.seoTitle) item.seoTitle = collection.seoTitle;
      if (collection.seoDescription && !item.seoDescription) item.seoDescription = collection.seoDescription;
      if (collection.socialImage && !item.socialImage) item.socialImage = collection.socialImage;
    });
  },
  { name: 'page-admin', dependencies: ['site', 'admin'] },
);
