import fp from 'fastify-plugin';
import { AppError } from '../../errors.js';
import { SiteAccess } from './access.js';
import { changesPages } from './page-cache.js';
import { sitePlugin } from './plugin.js';
import { SiteRenderer } from './renderer.js';
import { SiteSnapshots, type SiteSnapshot } from './snapshot.js';
import { ThemeCache } from './theme.js';
import { checkThemesOnStart } from './dev-overlay.js';
import { readStorefrontBuild } from '../../http/storefront.js';

export { SiteRenderer } from './renderer.js';
export { SiteSnapshots, loadSnapshot, normalizeHost, type SiteSnapshot } from './snapshot.js';
export { scriptJson } from './document.js';
export { sitePhrase } from './context/navigation.js';
export { updateWebsiteSettings } from './settings-store.js';
export { baseContext, notFoundPage, type PageRequest, type PageResult, type PageContext, pageLanguage } from './pages.js';
export { itemUrl, collectionUrl, collectionContext, formContext } from './context/content.js';
export { money, type Money } from './context/money.js';
export { assetUrl, lineImage, type LineImage } from './context/assets.js';
export { captchaSiteKey } from './context/site.js';
export { openCollectionIds, type AccessDenial, type AccessPolicy } from './access.js';
export { renderPreview } from './preview.js';
export { FONT_IDS, fontChoices } from './fonts.js';
export { stylesOf } from './styles.js';
export { coverOf, type CoverSettings } from './special-pages.js';
export { freeLabelIssue } from './context/free-price.js';
export { listBuiltInThemes } from './theme.js';
export { sharedDeep } from './render-memo.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site module's renderer: sites by host, page rendering, the page cache, context hooks. */
    renderer: SiteRenderer;
  }
  interface FastifyRequest {
    /** The site this request is for (by its host); reading it answers 404 when the store holds no such site. */
    readonly site: SiteSnapshot;
  }
}

/** Requests that never need their site: the health check and the storefront's own files. */
const SITELESS = /^\/(healthz|static)(\/|$)/;

/**
 * The site module, registered first: the renderer (`app.renderer`), the request's site
 * (`request.site`, resolved before every other module's hooks run), every page a visitor opens
 * (plugin.ts) and the page cache's invalidation.
 */
export default fp(
  async (app) => {
    const { store, config, clock } = app.deps;
    const themes = new ThemeCache(store, config.themesDir, config.dev, app.log);
    const snapshots = new SiteSnapshots(store, config.siteCacheMs);
    const renderer = new SiteRenderer(config, app.log, themes, snapshots, readStorefrontBuild(config.storefrontDist), new SiteAccess(store), clock);
    app.decorate('renderer', renderer);

    app.decorateRequest('site', {
      getter(this: import('fastify').FastifyRequest): SiteSnapshot {
        const site = renderer.resolvedSite(this);
        if (!site) throw new AppError('NOT_FOUND');
        return site;
      },
    });
    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.url;
      if (route === undefined || !SITELESS.test(route)) await renderer.snapshotFor(request);
    });
    // onSend, not onResponse: the cache is emptied before the client can hear the answer and ask again.
    app.addHook('onSend', async (request, reply, payload) => {
      if (changesPages(request, reply.statusCode)) {
        renderer.pageCache.changed();
        renderer.renderMemo.changed();
      }
      return payload;
    });
    app.addHook('onClose', async () => themes.close());
    if (config.dev) app.addHook('onReady', () => checkThemesOnStart(store, themes, app.log));

    await app.register(sitePlugin, { store, renderer });
  },
  { name: 'site' },
);
