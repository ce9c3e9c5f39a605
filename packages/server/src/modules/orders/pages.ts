import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CART_MESSAGES, ProductType, parseSubscriptionPlan, subscriptionPriceText } from '@tessera/core';
import { PageType } from '../../constants.js';
import { baseContext, notFoundPage, type PageRequest, type PageResult } from '../site/index.js';
import { itemUrl } from '../site/index.js';
import { money } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import type { CommerceDeps } from '../commerce/index.js';
import { storeRules } from '../commerce/index.js';
import { tokenHash } from '../commerce/index.js';
import { findCart, findPurchasable } from '../cart/index.js';
import { publicIn, type CartService } from '../cart/index.js';
import { explicitToken } from '../cart/index.js';
import { orderView } from '../commerce/index.js';

const SUBSCRIPTION_CONFIRMED = 'pages/subscription-confirmed.page';

const ORDER_RECEIVED = 'pages/order-received.page';

/** Whether a pending order waits on its payment provider (not an offline payment the shop collects itself). */
async function paidLater(deps: CommerceDeps, orderId: string): Promise<boolean> {
  const row = await deps.store.db.selectFrom('orders').select('payment_provider').where('id', '=', orderId).executeTakeFirst();
  return row !== undefined && row.payment_provider !== 'offline';
}

type Build = (req: PageRequest, s: SiteSnapshot, query: Record<string, unknown>) => Promise<PageResult>;

/**
 * The commerce pages, rendered through the site's theme like every page (and `?format=json`):
 *   /checkout/order-confirmed?token=      order confirmed 202      `order` (a subscription's order: 206 at this URL too)
 *   /checkout/subscription-confirmed?token=  subscription confirmed 206  `order`
 *   /checkout/order-received?token=       order received 207       `order` (a payment the provider confirms later)
 *   /checkout/subscription?cartToken=     checkout 201             `subscription`, `shoppingCart`
 *   /checkout/gift-card?itemId=&sku=      checkout 201             `giftCard`
 *   /commerce/donate                      donate 203               `donation`
 *   /commerce/contribution-confirmed?token=  contribution confirmed 204  `order`
 *   /commerce/order-status?token=         order status 211         `order`
 * An order's pages need its signed token: without one the confirmation pages show no order, and a
 * wrong one (or none, for the status page) is not found.
 */
export function orderPages(app: FastifyInstance, deps: CommerceDeps, carts: CartService): void {
  const { renderer } = deps;
  const route = (path: string, build: Build) =>
    app.get(path, async (request: FastifyRequest, reply: FastifyReply) => {
      const snapshot = await renderer.snapshotFor(request);
      if (!snapshot) return renderer.sendNotFound(request, reply);
      const req = renderer.pageRequest(request, snapshot);
      return renderer.send(request, reply, snapshot, await build(req, snapshot, (request.query ?? {}) as Record<string, unknown>));
    });

  const orderPage =
    (pageType: number, template: string, tokenRequired: boolean): Build =>
    async (req, s, query) => {
      if (query.token === undefined && !tokenRequired) return withContext(req, pageType, template, { order: null });
      const orderId = await deps.signer.orderIdFromToken(s.website.id, query.token);
      if (orderId) for (const hook of deps.orderPageHooks) await hook(s, orderId);
      const order = orderId ? await orderView(deps, s, deps.store.db, orderId) : null;
      if (!order) return notFoundPage(req);
      // A subscription's order is confirmed by its own page (206); links made before it keep working.
      if (pageType === PageType.ORDER_CONFIRMED && order.kind === 'subscription') {
        return withContext(req, PageType.SUBSCRIPTION_CONFIRMED, SUBSCRIPTION_CONFIRMED, { order });
      }
      // A payment the provider confirms later (a bank's check, a redirect method) is received, not confirmed yet:
      // order received 207 at this URL, which the provider's return link and the checkout lead to.
      if (pageType === PageType.ORDER_CONFIRMED && order.paymentStatus === 'PENDING' && (await paidLater(deps, order.id))) {
        return withContext(req, PageType.ORDER_RECEIVED, ORDER_RECEIVED, { order });
      }
      return withContext(req, pageType, template, { order });
    };

  route('/checkout/order-confirmed', orderPage(PageType.ORDER_CONFIRMED, 'pages/order-confirmed.page', false));
  route('/checkout/subscription-confirmed', orderPage(PageType.SUBSCRIPTION_CONFIRMED, SUBSCRIPTION_CONFIRMED, false));
  route('/checkout/order-received', orderPage(PageType.ORDER_RECEIVED, ORDER_RECEIVED, false));
  route('/commerce/contribution-confirmed', orderPage(PageType.CONTRIBUTION_CONFIRMED, 'pages/contribution-confirmed.page', false));
  route('/commerce/order-status', orderPage(PageType.ORDER_STATUS, 'pages/order-status.page', true));

  route('/commerce/donate', async (req, s) => {
    const rules = storeRules(s);
    const d = rules.donations;
    const amount = (cents: number) => ({ amountCents: cents, money: money(cents, rules.currency), text: rules.format(cents) });
    return withContext(req, PageType.DONATE, 'pages/donate.page', {
      donation: {
        presetAmounts: d.presetAmountsCents.map(amount),
        min: amount(d.minCents),
        max: amount(d.maxCents),
        currency: rules.currency,
        checkoutUrl: '/api/commerce/checkout',
        confirmationPath: '/commerce/contribution-confirmed',
      },
    });
  });

  route('/checkout/subscription', async (req, s, query) => {
    const token = explicitToken(query.cartToken);
    const cart = token ? await findCart(deps.store, deps.store.db, s.website.id, tokenHash(token)) : undefined;
    if (cart?.kind !== 'subscription') return notFoundPage(req);
    const shoppingCart = await carts.view(s, cart);
    const entry = shoppingCart.entries[0];
    const plans = entry ? await deps.store.db.selectFrom('subscription_plans').selectAll().where('item_id', '=', entry.itemId).execute() : [];
    const plan =
      plans[0] &&
      parseSubscriptionPlan({
        billingPeriod: { value: plans[0].billing_period_value, unit: plans[0].billing_period_unit },
        numBillingCycles: plans[0].num_billing_cycles,
      });
    if (!entry || !plan) return notFoundPage(req);
    const rules = storeRules(s);
    return withContext(req, PageType.CHECKOUT, 'pages/subscription.page', {
      shoppingCart,
      subscription: {
        cartToken: token,
        itemId: entry.itemId,
        title: entry.title,
        fullUrl: entry.fullUrl,
        sku: entry.chosenVariant.sku,
        quantity: entry.quantity,
        plan,
        priceText: subscriptionPriceText(plan, rules.format(entry.subTotalCents)),
        isPurchased: shoppingCart.isPurchased,
        orderId: shoppingCart.orderId,
        checkoutUrl: '/api/commerce/checkout',
      },
    });
  });

  route('/checkout/gift-card', async (req, s, query) => {
    const itemId = typeof query.itemId === 'string' ? query.itemId : '';
    const rows = itemId ? await findPurchasable(deps.store, deps.store.db, s.website.id, itemId, deps.clock(), publicIn(s)) : [];
    if (rows.length === 0 || rows[0]!.product_type !== ProductType.GIFT_CARD) return notFoundPage(req);
    const rules = storeRules(s);
    const sku = typeof query.sku === 'string' ? query.sku : '';
    const denominations = rows.map((r) => ({
      sku: r.sku,
      amountCents: r.price_cents,
      money: money(r.price_cents, rules.currency),
      text: rules.format(r.price_cents),
      selected: r.sku === sku,
    }));
    const selected = denominations.find((d) => d.selected) ?? null;
    const collection = s.collectionsById.get(rows[0]!.collection_id);
    return withContext(req, PageType.CHECKOUT, 'pages/gift-card.page', {
      giftCard: {
        itemId,
        title: rows[0]!.title,
        fullUrl: collection ? itemUrl(s, collection, rows[0]!) : null,
        denominations,
        selected,
        // The spec's message when no denomination was chosen (storefront.md section 5).
        message: selected ? null : CART_MESSAGES.giftCardDenominationRequired,
        checkoutUrl: '/api/commerce/checkout',
      },
    });
  });
}

function withContext(req: PageRequest, pageType: number, template: string, extra: Record<string, unknown>): PageResult {
  const context = baseContext(req, pageType);
  Object.assign(context, extra);
  return { kind: 'page', status: 200, template, context };
}
