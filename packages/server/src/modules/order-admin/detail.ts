import { AppError } from '../../errors.js';
import type { Executor } from '../../storage/statement.js';
import type { CommerceDeps } from '../commerce/index.js';
import { orderView } from '../commerce/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { money } from '../site/index.js';
import { actionsOf, paymentStatusOf, readLines, readOrderState, refundableOf } from './state.js';

type LineQuantities = { lineId: string; quantity: number }[];

const parse = <T>(json: string): T => JSON.parse(json) as T;

/** What the detail adds to the order's view, read in one query per table (order_events, fulfilments, refunds). */
async function extras(db: Executor, orderId: string) {
  const [order, fulfillments, refunds, events] = await Promise.all([
    db
      .selectFrom('orders')
      .leftJoin('site_users', 'site_users.id', 'orders.member_id')
      // A renewal order: the subscription it bills (modules/subscriptions).
      .leftJoin('subscriptions', 'subscriptions.id', 'orders.subscription_id')
      .select([
        'orders.subscription_cycle',
        'subscriptions.id as subscription_id',
        'subscriptions.title as subscription_title',
        'subscriptions.customer_email as subscription_email',
        'orders.customer_name',
        'orders.payment_reference',
        'orders.paid_on',
        'orders.canceled_on',
        'orders.member_id',
        'site_users.email as member_email',
      ])
      .where('orders.id', '=', orderId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('order_fulfillments').selectAll().where('order_id', '=', orderId).orderBy('created_on').orderBy('id').execute(),
    db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('created_on').orderBy('id').execute(),
    db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('created_on').orderBy('id').execute(),
  ]);
  return { order, fulfillments, refunds, events };
}

/**
 * `GET /api/owner/orders/:id` and every action's answer: the order as the shopper's pages show it
 * (OrderView), with what the staff sees besides (docs/owner-api.md), and the actions its state
 * allows now. NOT_FOUND for an order of another site.
 */
export async function orderDetail(deps: CommerceDeps, s: SiteSnapshot, db: Executor, orderId: string) {
  const state = await readOrderState(db, s.website.id, orderId);
  if (!state) throw new AppError('NOT_FOUND');
  const [view, lines, more] = await Promise.all([orderView(deps, s, db, orderId), readLines(db, orderId), extras(db, orderId)]);
  if (!view) throw new AppError('NOT_FOUND');
  const m = (cents: number) => money(cents, state.currency);
  const byLine = new Map(lines.map((l) => [l.id, l]));
  const refundable = refundableOf(state);
  return {
    order: {
      ...view,
      paymentStatus: paymentStatusOf(state),
      customerName: more.order.customer_name,
      paymentProvider: state.payment_provider,
      paymentReference: more.order.payment_reference,
      paidOn: more.order.paid_on,
      canceledOn: more.order.canceled_on,
      renewalOf: more.order.subscription_id
        ? {
            subscriptionId: more.order.subscription_id,
            title: more.order.subscription_title,
            cycle: more.order.subscription_cycle,
            customerUrl: `/config/customers/${encodeURIComponent(more.order.subscription_email ?? '')}`,
          }
        : null,
      refundedCents: state.refunded_cents,
      refundedMoney: m(state.refunded_cents),
      refundableCents: refundable,
      refundableMoney: m(refundable),
      lines: view.lines.map((l) => ({
        ...l,
        fulfilledQuantity: byLine.get(l.id)?.fulfilled_quantity ?? 0,
        refundedQuantity: byLine.get(l.id)?.refunded_quantity ?? 0,
      })),
      fulfillments: more.fulfillments.map((f) => ({
        id: f.id,
        created: f.created_on,
        carrier: f.carrier,
        trackingNumber: f.tracking_number,
        trackingUrl: f.tracking_url,
        lines: parse<LineQuantities>(f.lines),
        by: f.created_by,
      })),
      refunds: more.refunds.map((r) => ({
        id: r.id,
        created: r.created_on,
        amountCents: r.amount_cents,
        amountMoney: m(r.amount_cents),
        lines: parse<LineQuantities>(r.lines),
        reason: r.reason,
        provider: r.provider,
        providerReference: r.provider_reference,
        // pending while the payment provider is being asked (a refund in flight), then succeeded.
        state: r.state,
        by: r.created_by,
      })),
      timeline: more.events.map((e) => ({
        id: e.id,
        type: e.type,
        created: e.created_on,
        actor: e.actor_kind === 'system' ? { kind: 'system' as const } : { kind: e.actor_kind, email: e.actor_email },
        data: parse<Record<string, unknown>>(e.data),
      })),
      member: more.order.member_id && more.order.member_email ? { id: more.order.member_id, email: more.order.member_email } : null,
    },
    actions: actionsOf(state, lines, deps.clock()),
  };
}
