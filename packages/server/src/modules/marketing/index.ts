import fp from 'fastify-plugin';
import { storefrontEntryUrl } from '../../http/storefront.js';
import { marketingPages } from './pages.js';
import { marketingRoutes } from './routes.js';
import { browserMarketing, policySources, scriptHosts } from './settings.js';

/**
 * Marketing tags with the visitor's consent (docs/marketing.md): the owner's tag manager and ad
 * pixel, read by the storefront's marketing chunk from the browser context (`marketing`), with
 * their hosts added to the pages' Content-Security-Policy only on a site that configured them;
 * the owner's API and studio page under /api/owner/marketing and /config/marketing.
 */
export default fp(
  async (app) => {
    const hosts = scriptHosts(app.deps.config.marketingOrigin);
    // The storefront's marketing entry, built beside the bootstrap (none when the storefront is not built).
    const entry = storefrontEntryUrl(app.deps.config.storefrontDist, 'marketing');
    app.renderer.addBrowserContextHook((s, context) => {
      const marketing = browserMarketing(s, hosts);
      if (!marketing) return;
      context.marketing = marketing;
      if (entry) context.entryScripts = [...(context.entryScripts ?? []), entry];
    });
    app.renderer.addPolicyHook((s) => policySources(s, hosts));
    await app.register(marketingRoutes);
    marketingPages(app);
  },
  { name: 'marketing', dependencies: ['site', 'admin'] },
);
