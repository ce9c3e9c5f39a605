import type { FastifyRequest } from 'fastify';
import { PageType } from '../../constants.js';
import type { Store } from '../../storage/dialect.js';
import type { CollectionRow } from '../../storage/content.js';
import { canPreviewRestricted } from '../../permissions.js';
import type { Clock } from '../../clock.js';
import { siteProviderIds } from '../commerce/index.js';
import type { AccessDenial, AccessPolicy } from '../site/index.js';
import { collectionContext, itemUrl } from '../site/index.js';
import { baseContext, pageLanguage, type PageRequest, type PageResult } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { memberOf } from '../accounts/index.js';
import { hasGrant } from '../accounts/index.js';
import { joinOptions } from './paywall.js';

/** Payment providers that pay at once: a membership bought with one opens its area straight away. */
const PAYS_AT_ONCE = (id: string) => id !== 'offline';

/**
 * Members' areas (storefront.md sections 2 and 6): a collection whose `access` is not `public`
 * names an area (`"members"`); only members holding an active grant of that area open it. The
 * site's staff with previewRestricted (docs/roles.md) see it as members do. Everyone else gets the
 * access-denied page (106, status 403) with the join options of the area, and no content.
 */
export function membersPolicy(deps: { store: Store; clock: Clock }): AccessPolicy {
  return {
    restricts: (_s, c) => c.access !== 'public',
    async collection(request: FastifyRequest, s: SiteSnapshot, c: CollectionRow): Promise<AccessDenial | null> {
      if (c.access === 'public') return null;
      if (canPreviewRestricted(request.owner, s.website.id)) return null;
      const member = memberOf(request, s.website.id);
      if (member && (await hasGrant(deps.store.db, s.website.id, member.id, c.access, deps.clock()))) return null;
      return {
        code: 'MEMBERS_ONLY',
        previewAllowed: true,
        page: (req, collection) => accessDeniedPage(deps, req, collection ?? c, member !== null),
      };
    },
  };
}

/** What the access-denied page and a locked lesson offer: the area's join options, sign-in, preview items. */
export async function memberAccessContext(deps: { store: Store; clock: Clock }, req: PageRequest, c: CollectionRow, signedIn: boolean) {
  const s = req.snapshot;
  const providers = siteProviderIds(s.store);
  const previews = await deps.store.db
    .selectFrom('items')
    .select(['url_id', 'title', 'data'])
    .where('website_id', '=', s.website.id)
    .where('collection_id', '=', c.id)
    .where('status', '=', 'published')
    .orderBy('position')
    .execute();
  const back = encodeURIComponent(req.path);
  return {
    area: c.access,
    signedIn,
    joinOptions: await joinOptions(deps.store, s, c.access, pageLanguage(req), deps.clock()),
    signInUrl: `/account/login?next=${back}`,
    signUpUrl: `/account/signup?next=${back}`,
    returnUrl: req.path,
    // The provider a join pays with (the first that pays at once); null when the site only takes offline payments.
    paymentProvider: providers.find(PAYS_AT_ONCE) ?? null,
    previewItems: previews
      .filter((p) => (JSON.parse(p.data) as { preview?: unknown }).preview === true)
      .map((p) => ({ title: p.title, fullUrl: itemUrl(s, c, p) })),
  };
}

async function accessDeniedPage(deps: { store: Store; clock: Clock }, req: PageRequest, c: CollectionRow, signedIn: boolean): Promise<PageResult> {
  const context = baseContext(req, PageType.MEMBER_AREA_ACCESS_DENIED);
  const full = collectionContext(req.snapshot, c, null, pageLanguage(req));
  // The area's name and description only: never its items.
  context.collection = {
    id: full.id,
    title: full.title,
    urlId: full.urlId,
    fullUrl: full.fullUrl,
    typeName: full.typeName,
    description: full.description,
    access: c.access,
  };
  context.memberAccess = await memberAccessContext(deps, req, c, signedIn);
  return { kind: 'page', status: 403, template: 'pages/access-denied.page', context };
}
