import { TweakPageType } from '@tessera/core/enums';
import type { FastifyInstance } from 'fastify';
import { collectionUrl, type SiteSnapshot } from '../site/index.js';
import { lockScreenPage } from '../site-password/index.js';

/** Where the design panel shows the lock screen: the site's staff pass the real one, so it has its own address. */
const LOCK_SCREEN_PREVIEW = '/config/design/lock-screen';

interface PreviewPage {
  readonly kind: string;
  readonly path: string;
  readonly label: string;
}

/**
 * The special pages (the spec's page types for tweaks) that the preview offers, where the site has
 * them: the lock screen (every theme draws one, even before the site is locked), the checkout, and
 * each cover page (a page of the splash kind).
 */
export function previewPages(s: SiteSnapshot): PreviewPage[] {
  const pages: PreviewPage[] = [
    { kind: TweakPageType.LOCK_SCREEN, path: LOCK_SCREEN_PREVIEW, label: 'Lock screen' },
    { kind: TweakPageType.CHECKOUT, path: '/checkout', label: 'Checkout' },
  ];
  for (const c of s.collections) {
    if (c.type_name === TweakPageType.SPLASH_PAGE) pages.push({ kind: TweakPageType.SPLASH_PAGE, path: collectionUrl(s, c), label: `Cover: ${c.title}` });
  }
  return pages;
}

/** The lock screen as a visitor of the locked site sees it, for those who may change the site's styles. */
export function lockScreenPreviewRoute(app: FastifyInstance): void {
  app.get(LOCK_SCREEN_PREVIEW, { config: { permission: 'editStyles', openWhenLocked: true } }, async (request, reply) => {
    const s = request.site;
    const result = lockScreenPage(app.renderer.pageRequest(request, s));
    reply.header('x-robots-tag', 'noindex');
    // Shown to staff only, with the status of a page that is there (the visitor's is 403).
    return app.renderer.send(request, reply, s, result.kind === 'page' ? { ...result, status: 200 } : result);
  });
}
