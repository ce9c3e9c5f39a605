import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PageType } from '../../constants.js';
import { AppError } from '../../errors.js';
import { isApiRequest } from '../../http/paths.js';
import type { Store } from '../../storage/dialect.js';
import { collectionPageByUrl, homePage, itemPage, searchPage, storePage, type PageRequest, type PageResult } from './pages.js';
import type { SiteRenderer } from './renderer.js';
import { registerAssetRoutes } from './assets-routes.js';
import { registerFontRoutes } from './fonts.js';

export interface SitePluginOptions {
  store: Store;
  renderer: SiteRenderer;
}

/**
 * The site module: every page a visitor opens, rendered through the site's theme, plus the theme's
 * static files and the site's assets. Routes and their page types (spec numbers):
 *   /                          home (its collection's page type)
 *   /<collection>              collection list 1, plain page 2, folder index 1 (or redirect)
 *   /<collection>/<item>       content item 50
 *   /search?q=                 search 102
 *   /cart, /checkout           show cart 200, checkout 201 (the commerce modules add the cart to every page)
 *   /commerce/cart             cart v2 205: the same cart, for themes that lay out the second cart page
 *   anything else              not found 100 (status 404); a failure renders error 101 (status 500)
 */
export async function sitePlugin(app: FastifyInstance, opts: SitePluginOptions): Promise<void> {
  const { store, renderer } = opts;

  const page =
    (build: (req: PageRequest, params: Record<string, string>) => Promise<PageResult> | PageResult) => async (request: FastifyRequest, reply: FastifyReply) => {
      // /api/ belongs to the modules' JSON APIs: an unknown API path is a JSON 404, never a page.
      if (isApiRequest(request)) throw new AppError('NOT_FOUND');
      const snapshot = await renderer.snapshotFor(request);
      if (!snapshot) return renderer.sendNotFound(request, reply);
      const key = renderer.pageCache.keyFor(request, renderer.languageOf(request, snapshot));
      if (key) {
        if (await renderer.sendKept(request, reply, snapshot, key)) return reply;
      }
      const result = await build(renderer.pageRequest(request, snapshot), request.params as Record<string, string>);
      return renderer.send(request, reply, snapshot, result, key);
    };

  app.get(
    '/',
    page((req) => homePage(store, req)),
  );
  app.get(
    '/search',
    page((req) => searchPage(store, req)),
  );
  // The cart and checkout show the visitor's cart itself: rendered for each visitor with one.
  app.get(
    '/cart',
    { config: { visitorPage: true } },
    page((req) => storePage(req, PageType.SHOW_CART, 'pages/cart.page')),
  );
  // Cart v2 (205): the cart template again, under its own page type so that a theme may tell them apart.
  app.get(
    '/commerce/cart',
    { config: { visitorPage: true } },
    page((req) => storePage(req, PageType.CART_V2, 'pages/cart.page')),
  );
  app.get(
    '/checkout',
    { config: { visitorPage: true } },
    page((req) => storePage(req, PageType.CHECKOUT, 'pages/checkout.page')),
  );
  // The order pages (confirmed 202, donate 203, contribution confirmed 204, status 211) are the orders module's.
  app.get(
    '/:collection',
    page((req, p) => collectionPageByUrl(store, req, p.collection!)),
  );
  app.get(
    '/:collection/:item',
    page((req, p) => itemPage(store, req, p.collection!, p.item!)),
  );

  registerAssetRoutes(app, store, renderer);
  registerFontRoutes(app);

  // Unknown methods on page paths are not server errors.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    // It only answers errors: no crumb needed to be told so.
    config: { crumbExempt: 'refuses' },
    handler: async (request) => {
      if (isApiRequest(request)) throw new AppError('NOT_FOUND');
      throw new AppError('METHOD_NOT_ALLOWED');
    },
  });
}
