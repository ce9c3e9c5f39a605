import { TweakPageType } from '@tessera/core/enums';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import { collectionUrl, coverOf, type SiteSnapshot } from '../site/index.js';
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
 * them: the lock screen (every theme draws one, even before the site is locked), the checkout, the
 * popup overlay (its own page, shown to signed-in staff even while the overlay is off), and each
 * cover page (a page whose item holds a cover).
 */
export async function previewPages(db: Kysely<Database>, s: SiteSnapshot): Promise<PreviewPage[]> {
  const pages: PreviewPage[] = [
    { kind: TweakPageType.LOCK_SCREEN, path: LOCK_SCREEN_PREVIEW, label: 'Lock screen' },
    { kind: TweakPageType.CHECKOUT, path: '/checkout', label: 'Checkout' },
    { kind: TweakPageType.POPUP_OVERLAY, path: '/popup-overlay', label: 'Popup overlay' },
  ];
  const pageCollections = s.collections.filter((c) => c.type_name === 'page');
  if (pageCollections.length === 0) return pages;
  // A cover is a field of the page's item: only items that mention one are read and parsed.
  const rows = await db
    .selectFrom('items')
    .select(['collection_id', 'data'])
    .where('website_id', '=', s.website.id)
    .where(
      'collection_id',
      'in',
      pageCollections.map((c) => c.id),
    )
    .where('data', 'like', '%"cover"%')
    .execute();
  for (const c of pageCollections) {
    const row = rows.find((r) => r.collection_id === c.id);
    if (row && coverOf(row)) pages.push({ kind: TweakPageType.SPLASH_PAGE, path: collectionUrl(s, c), label: `Cover: ${c.title}` });
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
