import type { FastifyInstance } from 'fastify';
import { dayIn } from '@tessera/core/zone';
import { canManageProducts, canModerateReviews, canViewFormSubmissions, canViewOrders } from '../../permissions.js';
import { lowStockThreshold } from '../inventory/index.js';
import { reviewSettings } from '../reviews/index.js';
import { money } from '../site/index.js';
import { type PeriodFigures, lowStock, notifiesNewOrders, ordersToFulfil, pendingPayments, recentReviews, recentSubmissions, salesFigures } from './cards.js';
import { type Period, salesPeriods } from './periods.js';

/** How many rows a card lists (its count says how many there are in all). */
const CARD_ROWS = 5;
/** Reviews and form submissions are "new" for this long. */
const RECENT_MS = 7 * 86_400_000;

/** The lists the cards open (the orders list reads these filters: docs/owner-api.md "Orders"). */
const HOME_LINKS = {
  orders: '/config/orders',
  toFulfill: '/config/orders?fulfillment=unfulfilled&payment=paid',
  pendingPayments: '/config/orders?payment=pending',
  lowStock: '/config/inventory?stock=low',
  formSubmissions: '/config/forms',
  reviewsWaiting: '/config/reviews?status=pending',
  reviews: '/config/reviews',
} as const;

/** "Size: 12 oz, Grind: Whole", in the product's option order. */
function variantText(attributesJson: string, orderingJson: string): string {
  const attributes = JSON.parse(attributesJson) as Record<string, string>;
  const ordering = JSON.parse(orderingJson) as unknown;
  const names = Array.isArray(ordering) ? ordering.filter((n): n is string => typeof n === 'string' && n in attributes) : [];
  for (const name of Object.keys(attributes)) if (!names.includes(name)) names.push(name);
  return names.map((n) => `${n}: ${attributes[n]}`).join(', ');
}

/**
 * GET /api/owner/home (openConfig): the cards of the studio's home page that the account's role may
 * see, each with its figures and the list it opens (docs/owner-api.md "Home"). A card the role may
 * not see is absent, not empty.
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const { store, clock } = app.deps;

  app.get('/api/owner/home', { config: { openWhenLocked: true, permission: 'openConfig' } }, async (request, reply) => {
    const s = request.site;
    const owner = request.owner!;
    const websiteId = s.website.id;
    const now = clock();
    const m = (cents: number) => money(cents, s.currency);
    const orders = canViewOrders(owner, websiteId);
    const cards: Record<string, unknown> = {};

    if (orders) {
      const periods = salesPeriods(s.timeZone, now);
      const figures = await salesFigures(store.db, websiteId, s.currency, periods);
      const side = (p: Period, f: PeriodFigures) => ({ from: p.from, to: p.to, orders: f.orders, salesCents: f.salesCents, salesMoney: m(f.salesCents) });
      // Each period opens the orders list from its first day (the list's `from` filter: a day in the site's time zone).
      const since = (p: Period) => `${HOME_LINKS.orders}?from=${dayIn(s.timeZone, p.from)}`;
      cards.sales = {
        today: { current: side(periods.today, figures.today), previous: side(periods.todayBefore, figures.todayBefore), link: since(periods.today) },
        week: { current: side(periods.week, figures.week), previous: side(periods.weekBefore, figures.weekBefore), link: since(periods.week) },
      };
      cards.toFulfill = { count: await ordersToFulfil(store.db, websiteId), link: HOME_LINKS.toFulfill };
      const pending = await pendingPayments(store.db, websiteId, s.currency);
      cards.pendingPayments = { ...pending, amountMoney: m(pending.amountCents), link: HOME_LINKS.pendingPayments };
    }
    if (orders || canManageProducts(owner, websiteId)) {
      const threshold = lowStockThreshold(s);
      const rows = await lowStock(store.db, websiteId, threshold, CARD_ROWS);
      cards.lowStock = {
        threshold,
        count: rows[0]?.total ?? 0,
        variants: rows.map((r) => ({
          variantId: r.variantId,
          itemId: r.itemId,
          productTitle: r.title,
          sku: r.sku,
          variantText: variantText(r.attributes, r.variantOptionOrdering),
          stock: r.stock,
        })),
        link: HOME_LINKS.lowStock,
      };
    }
    // When reviews wait for approval, the card is the queue: how many wait, whenever written;
    // else the approved reviews of the last 7 days. Hidden ones never count.
    if (canModerateReviews(owner, websiteId)) {
      const waiting = reviewSettings(s).requireApproval;
      const since = waiting ? null : now - RECENT_MS;
      const rows = await recentReviews(store.db, websiteId, waiting ? 'pending' : 'approved', since, CARD_ROWS);
      cards.reviews = {
        waiting,
        since,
        count: rows[0]?.total ?? 0,
        latest: rows.map((r) => ({
          id: r.id,
          itemId: r.itemId,
          productTitle: r.title,
          rating: r.rating,
          reviewerName: r.reviewerName,
          excerpt: r.body.length > 140 ? `${r.body.slice(0, 139)}…` : r.body,
          created: r.created,
        })),
        link: waiting ? HOME_LINKS.reviewsWaiting : HOME_LINKS.reviews,
      };
    }
    // Submissions hold what visitors wrote about themselves: the card is for those who may read them.
    if (canViewFormSubmissions(owner, websiteId)) {
      const since = now - RECENT_MS;
      const forms = await recentSubmissions(store.db, websiteId, since);
      cards.formSubmissions = { since, count: forms.reduce((n, f) => n + f.count, 0), forms, link: HOME_LINKS.formSubmissions };
    }

    return reply.header('cache-control', 'no-store').send({
      now,
      timeZone: s.timeZone,
      currency: s.currency,
      account: { id: owner.accountId, email: owner.email, notifyNewOrders: await notifiesNewOrders(store.db, owner.accountId) },
      cards,
    });
  });
}
