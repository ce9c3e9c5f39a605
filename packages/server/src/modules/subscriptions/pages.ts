import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '@tessera/core/html';
import { PageType } from '../../constants.js';
import { baseContext, notFoundPage, type PageContext } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { storeRules, type CommerceDeps } from '../commerce/index.js';
import { methodProvider } from './actions.js';
import { STATUS_WORDS } from './words.js';
import { subscriptionIdFromToken, subscriptionToken } from './tokens.js';
import { subscriptionViews, type SubscriptionView } from './view.js';

/**
 * The customer's subscription page, through the site's theme (`pages/subscription-manage.page`,
 * and `?format=json`), reached by its signed link like the order status page (211):
 *   /commerce/subscription?token=   `subscription` (its view, the token, the status in words, the
 *                                    actions' API paths), or not found for a bad or foreign token.
 * On the order status page, each subscription its order started gets `manageUrl`, its page's link,
 * and a renewal order `renewalOf` { title, manageUrl } (null for other orders).
 */
export function subscriptionPages(app: FastifyInstance, deps: CommerceDeps): void {
  const { renderer } = deps;
  app.get('/commerce/subscription', async (request: FastifyRequest, reply: FastifyReply) => {
    const s = await renderer.snapshotFor(request);
    if (!s) return renderer.sendNotFound(request, reply);
    const req = renderer.pageRequest(request, s);
    const token = (request.query as { token?: unknown }).token;
    const id = await subscriptionIdFromToken(deps.signer, s.website.id, token);
    const row = id
      ? await deps.store.db.selectFrom('subscriptions').selectAll().where('id', '=', id).where('website_id', '=', s.website.id).executeTakeFirst()
      : undefined;
    if (!row) return renderer.send(request, reply, s, notFoundPage(req));
    const [view] = await subscriptionViews(deps.store.db, s, [row]);
    const context = baseContext(req, PageType.ORDER_STATUS);
    context.subscription = { ...pageSubscription(s, view!, String(token)), formProvider: methodProvider(deps, s, row)?.id ?? null };
    reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
    return renderer.send(request, reply, s, {
      kind: 'page',
      status: 200,
      template: 'pages/subscription-manage.page',
      context,
      fallbackHtml: `<h1>${escapeHtml(view!.title)}</h1>\n<p>${escapeHtml(STATUS_WORDS[view!.status])}</p>\n`,
    });
  });

  // The order status page links each subscription its order started to that subscription's page.
  renderer.addContextHook(async (_request, s, context: PageContext) => {
    if (context.pageType !== PageType.ORDER_STATUS) return;
    const order = context.order as { id?: string; subscriptions?: { id: string; manageUrl?: string }[]; renewalOf?: unknown } | null | undefined;
    if (!order?.id) return;
    for (const sub of order.subscriptions ?? []) sub.manageUrl = `/commerce/subscription?token=${await subscriptionToken(deps.signer, s.website.id, sub.id)}`;
    // A renewal order links to the subscription it bills.
    const renewal = await deps.store.db
      .selectFrom('orders')
      .innerJoin('subscriptions', 'subscriptions.id', 'orders.subscription_id')
      .select(['subscriptions.id', 'subscriptions.title'])
      .where('orders.id', '=', order.id)
      .executeTakeFirst();
    order.renewalOf = renewal
      ? { title: renewal.title, manageUrl: `/commerce/subscription?token=${await subscriptionToken(deps.signer, s.website.id, renewal.id)}` }
      : null;
  });
  renderer.addContextHook(accountSubscriptionsHook(deps));
}

/**
 * The member's account page (`/account`) lists their subscriptions, each with its link: those of
 * their account (bought signed in, or an order they claimed) and, once their email is confirmed,
 * those bought with it as a guest.
 */
function accountSubscriptionsHook(deps: CommerceDeps) {
  return async (_request: FastifyRequest, s: SiteSnapshot, context: PageContext): Promise<void> => {
    const account = context.account as { siteUserId?: string; email?: string; emailVerified?: boolean } | undefined;
    if (!account?.siteUserId) return;
    const rows = await deps.store.db
      .selectFrom('subscriptions')
      .innerJoin('orders', 'orders.id', 'subscriptions.order_id')
      .selectAll('subscriptions')
      .where('subscriptions.website_id', '=', s.website.id)
      .where((eb) =>
        eb.or([
          eb('subscriptions.member_id', '=', account.siteUserId!),
          eb('orders.member_id', '=', account.siteUserId!),
          ...(account.emailVerified && account.email ? [eb('subscriptions.customer_email', '=', account.email)] : []),
        ]),
      )
      .orderBy('subscriptions.created_on', 'desc')
      .execute();
    const views = await subscriptionViews(deps.store.db, s, rows);
    const out = [];
    for (const view of views) {
      const token = await subscriptionToken(deps.signer, s.website.id, view.id);
      out.push({ ...pageSubscription(s, view, token), manageUrl: `/commerce/subscription?token=${token}` });
    }
    (account as Record<string, unknown>).subscriptions = out;
  };
}

function pageSubscription(s: SiteSnapshot, view: SubscriptionView, token: string) {
  const date = (ms: number | null) => (ms === null ? null : new Intl.DateTimeFormat(s.language, { dateStyle: 'long', timeZone: s.timeZone }).format(ms));
  const open = view.status === 'active' || view.status === 'past_due' || view.status === 'paused';
  return {
    ...view,
    token,
    statusText: STATUS_WORDS[view.status],
    nextBillingText: date(view.nextBillingDate),
    retryText: view.status === 'past_due' ? date(view.retryOn) : null,
    pastDue: view.status === 'past_due',
    cancelable: open,
    methodUpdatable: open,
    cancelUrl: '/api/commerce/subscription/cancel',
    paymentMethodUrl: '/api/commerce/subscription/payment-method',
    orders: view.orders.map((o) => ({ ...o, totalText: storeRules(s).format(o.grandTotalCents) })),
  };
}
