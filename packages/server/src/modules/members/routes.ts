import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ProductType } from '@tessera/core';
import { PageType } from '../../constants.js';
import { AppError } from '../../errors.js';
import type { CommerceDeps } from '../commerce/index.js';
import { baseContext, notFoundPage, type PageResult } from '../site/index.js';
import { collectionUrl } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { checker } from '../../http/validate.js';
import { memberOf, requireXsrf } from '../accounts/index.js';
import { claimMembershipOrder, listGrants, type GrantView } from '../accounts/index.js';

const ClaimBody = Type.Object({ orderToken: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
const checkClaim = checker(ClaimBody);

/** Where a grant's area can be opened: the collections that name it. */
function areaLinks(s: SiteSnapshot, grants: GrantView[]) {
  return grants.map((g) => ({
    ...g,
    collections: s.collections.filter((c) => c.access === g.area).map((c) => ({ title: c.title, fullUrl: collectionUrl(s, c) })),
  }));
}

/**
 * The members' calls and the membership-confirmed page:
 *   POST /api/site-users/account/memberships   { orderToken } -> { memberships } (X-XSRF-Token): links a paid
 *        order of a paywall product to the signed-in member and grants its area
 *   GET  /api/site-users/account/memberships   -> { memberships } (X-XSRF-Token)
 *   GET  /commerce/membership-confirmed?token=  membership confirmed 208: `membership`; a signed-in member's
 *        order is linked on the way (claiming is idempotent); without a member it asks to sign up or in
 */
export async function membersRoutes(app: FastifyInstance, deps: CommerceDeps): Promise<void> {
  const { renderer } = deps;

  app.post('/api/site-users/account/memberships', { bodyLimit: 4096 }, async (request, reply) => {
    const s = request.site;
    const member = requireXsrf(request, s.website.id);
    const body = checkClaim(request.body);
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    await deps.signer.ready(s.website.id);
    const grants = await claimMembershipOrder(deps.store, deps.signer, s.website.id, member.id, body.value.orderToken, deps.clock());
    return reply.header('cache-control', 'no-store').send({ memberships: areaLinks(s, grants) });
  });

  app.get('/api/site-users/account/memberships', async (request, reply) => {
    const s = request.site;
    const member = requireXsrf(request, s.website.id);
    const grants = await listGrants(deps.store.db, s.website.id, member.id, deps.clock());
    return reply.header('cache-control', 'no-store').send({ memberships: areaLinks(s, grants) });
  });

  app.get('/commerce/membership-confirmed', async (request, reply) => {
    const s = await renderer.snapshotFor(request);
    if (!s) return renderer.sendNotFound(request, reply);
    const req = renderer.pageRequest(request, s);
    const token = (request.query as { token?: unknown }).token;
    await deps.signer.ready(s.website.id);
    const orderId = await deps.signer.orderIdFromToken(s.website.id, token);
    const order = orderId
      ? await deps.store.db
          .selectFrom('orders')
          .select(['id', 'order_number', 'customer_email', 'payment_status', 'member_id'])
          .where('id', '=', orderId)
          .where('website_id', '=', s.website.id)
          .executeTakeFirst()
      : undefined;
    const paywall = order
      ? await deps.store.db
          .selectFrom('order_lines')
          .select('id')
          .where('order_id', '=', order.id)
          .where('product_type', '=', ProductType.PAYWALL)
          .executeTakeFirst()
      : undefined;
    if (!order || !paywall) return renderer.send(request, reply, s, notFoundPage(req));
    const member = memberOf(request, s.website.id);
    let status: 'active' | 'pending' | 'sign-in-required' | 'other-account' = 'sign-in-required';
    let grants: GrantView[] = [];
    if (order.payment_status !== 'paid') status = 'pending';
    else if (member) {
      try {
        grants = await claimMembershipOrder(deps.store, deps.signer, s.website.id, member.id, token, deps.clock());
        status = 'active';
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'MEMBERSHIP_CLAIMED') throw error;
        status = 'other-account';
      }
    }
    const context = baseContext(req, PageType.MEMBERSHIP_CONFIRMED);
    context.membership = {
      status,
      signedIn: member !== null,
      orderNumber: order.order_number,
      customerEmail: order.customer_email,
      orderToken: token,
      memberships: areaLinks(s, grants),
      signUpUrl: '/account/signup',
      signInUrl: `/account/login?next=${encodeURIComponent(request.url)}`,
    };
    const result: PageResult = { kind: 'page', status: 200, template: 'pages/membership-confirmed.page', context };
    return renderer.send(request, reply, s, result);
  });

  // The order confirmed page (or a subscription's, 206) of an order holding a membership links to where it is claimed.
  renderer.addContextHook((request, _s, context) => {
    if (context.pageType !== PageType.ORDER_CONFIRMED && context.pageType !== PageType.SUBSCRIPTION_CONFIRMED) return;
    const order = context.order as { lines?: { productType: number | null }[] } | null;
    const token = (request.query as { token?: unknown }).token;
    if (order?.lines?.some((l) => l.productType === ProductType.PAYWALL) && typeof token === 'string') {
      context.membershipConfirmationUrl = `/commerce/membership-confirmed?token=${encodeURIComponent(token)}`;
    }
  });
}
