import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { isUniqueViolation, writeTransaction, type Executor } from '../../storage/statement.js';
import { SYSTEM, recordOrderEvent } from '../checkout/index.js';
import type { SavedMethod } from '../commerce/index.js';
import { disputeMail } from './dispute-mail.js';
import type { StripeProvider } from './provider.js';
import { loadSnapshot } from '../site/index.js';
import { STRIPE } from './settings.js';

/** What handling an event needs: the app's store, clock, mail and order payments, and the provider. */
export interface EventContext {
  app: FastifyInstance;
  provider: StripeProvider;
}

/** An event's outcome: `handled` false for types Tessera does not act on, or orders it does not know. */
export interface EventOutcome {
  handled: boolean;
  duplicate?: true;
}

/** Thrown inside a transaction when the event's id is recorded already: the transaction's changes are undone. */
class AlreadyHandled extends Error {}

/** Records an event as handled, inside the transaction of its change; a second delivery meets the primary key. */
async function recordHandled(tx: Executor, websiteId: string, event: { id: string; type: string }, orderId: string | null, now: number) {
  try {
    await tx
      .insertInto('payment_events')
      .values({ website_id: websiteId, provider: STRIPE, event_id: event.id, type: event.type, order_id: orderId, received_on: now })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AlreadyHandled();
    throw error;
  }
}

/** Whether a site handled this event already (a redelivery answers at once). */
export async function handledBefore(db: Executor, websiteId: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('event_id')
    .where('website_id', '=', websiteId)
    .where('provider', '=', STRIPE)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return !!row;
}

/** One transaction that records the event with its change; a duplicate (racing delivery) changes nothing. */
async function once(ctx: EventContext, websiteId: string, event: Stripe.Event, orderId: string | null, change: (tx: Executor, now: number) => Promise<void>) {
  const { store, clock } = ctx.app.deps;
  try {
    await writeTransaction(store, async (tx) => {
      const now = clock();
      await recordHandled(tx, websiteId, event, orderId, now);
      await change(tx, now);
    });
    return { handled: true };
  } catch (error) {
    if (error instanceof AlreadyHandled) return { handled: true, duplicate: true as const };
    throw error;
  }
}

/** The site's order a PaymentIntent pays (its metadata), or null when it is not this site's. */
async function orderOfIntent(db: Executor, websiteId: string, intent: { id: string; metadata?: Stripe.Metadata | null }) {
  const orderId = intent.metadata?.orderId;
  if (!orderId || intent.metadata?.websiteId !== websiteId) return null;
  const order = await db
    .selectFrom('orders')
    .select(['id', 'payment_status', 'payment_reference', 'amount_due_cents'])
    .where('id', '=', orderId)
    .where('website_id', '=', websiteId)
    .where('payment_provider', '=', STRIPE)
    .executeTakeFirst();
  return order ?? null;
}

/** The site's order of a payment reference (a dispute names the PaymentIntent only). */
async function orderOfReference(db: Executor, websiteId: string, reference: string | null) {
  if (!reference) return null;
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'base_url'])
    .where('website_id', '=', websiteId)
    .where('payment_provider', '=', STRIPE)
    .where('payment_reference', '=', reference)
    .executeTakeFirst();
  return order ?? null;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * A PaymentIntent that succeeded, from its webhook or the confirmation page's sync (`event` null):
 * the order becomes paid (markOrderPaid: its receipt, downloads, memberships and mails follow as for
 * any provider), with the card kept for a subscription's renewals. A payment for an order canceled
 * meanwhile (its hold expired) is given back at once, and the timeline says so.
 */
export async function paymentSucceeded(ctx: EventContext, websiteId: string, intent: Stripe.PaymentIntent, event: Stripe.Event | null): Promise<EventOutcome> {
  const { app, provider } = ctx;
  const db = app.deps.store.db;
  const order = await orderOfIntent(db, websiteId, intent);
  if (!order) return { handled: false };
  const customer = idOf(intent.customer);
  const method = idOf(intent.payment_method);
  let savedMethod: SavedMethod | undefined;
  if (customer && method && intent.setup_future_usage === 'off_session') savedMethod = await provider.savedMethod(websiteId, customer, method);
  const within = event ? (tx: Executor) => recordHandled(tx, websiteId, event, order.id, app.deps.clock()) : undefined;
  let paid: Awaited<ReturnType<typeof app.orders.markPaid>>;
  try {
    paid = await app.orders.markPaid(websiteId, order.id, { reference: intent.id, ...(savedMethod ? { savedMethod } : {}), ...(within ? { within } : {}) });
  } catch (error) {
    if (error instanceof AlreadyHandled) return { handled: true, duplicate: true };
    throw error;
  }
  if (paid.ok) return { handled: true };
  // Its hold passed before the payment came: cancel it now (as the job would), then give the money back.
  if (paid.code === 'ORDER_HOLD_EXPIRED') await app.orders.expireHolds();
  const now = await db.selectFrom('orders').select('payment_status').where('id', '=', order.id).executeTakeFirstOrThrow();
  // Paid already (the confirmation page's check, or another delivery): nothing more to do.
  if (now.payment_status === 'paid') return event ? once(ctx, websiteId, event, order.id, async () => {}) : { handled: true };
  // Neither paid nor canceled: not recorded as handled, so Stripe delivers the event again later.
  if (!['canceled', 'declined'].includes(now.payment_status)) throw new Error(`stripe: order ${order.id} is ${now.payment_status}; the payment waits`);
  const refund = await provider.refundLate(websiteId, order.id, intent.id);
  const change = async (tx: Executor, at: number) =>
    recordOrderEvent(tx, websiteId, order.id, 'late_payment_refunded', SYSTEM, at, {
      amountCents: intent.amount_received || intent.amount,
      reference: intent.id,
      refund,
    });
  if (event) return once(ctx, websiteId, event, order.id, change);
  await writeTransaction(app.deps.store, (tx) => change(tx, app.deps.clock()));
  return { handled: true };
}

/** A payment attempt that failed: the timeline says why; the order stays pending (its hold's end gives the stock back). */
async function paymentFailed(ctx: EventContext, websiteId: string, intent: Stripe.PaymentIntent, event: Stripe.Event): Promise<EventOutcome> {
  const order = await orderOfIntent(ctx.app.deps.store.db, websiteId, intent);
  if (!order) return { handled: false };
  const message = intent.last_payment_error?.message ?? '';
  return once(ctx, websiteId, event, order.id, (tx, now) =>
    recordOrderEvent(tx, websiteId, order.id, 'payment_failed', SYSTEM, now, { message, reference: intent.id }),
  );
}

/**
 * A refund's outcome as Stripe reports it: succeeded confirms the refund row; failed (or canceled)
 * takes its reservation back (the order's refunded amount and lines' refunded quantities), once.
 */
async function refundChanged(ctx: EventContext, websiteId: string, refund: Stripe.Refund, event: Stripe.Event): Promise<EventOutcome> {
  const refundId = refund.metadata?.refundId;
  if (!refundId || refund.metadata?.websiteId !== websiteId) return { handled: false };
  const row = await ctx.app.deps.store.db
    .selectFrom('order_refunds')
    .select(['id', 'order_id', 'state', 'amount_cents', 'lines'])
    .where('id', '=', refundId)
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
  if (!row) return { handled: false };
  const failed = refund.status === 'failed' || refund.status === 'canceled';
  if (!failed && refund.status !== 'succeeded') return once(ctx, websiteId, event, row.order_id, async () => {});
  return once(ctx, websiteId, event, row.order_id, async (tx, now) => {
    if (!failed) {
      await tx
        .updateTable('order_refunds')
        .set({ state: 'succeeded', provider_reference: refund.id })
        .where('id', '=', row.id)
        .where('state', '=', 'pending')
        .execute();
      return;
    }
    const { numUpdatedRows } = await tx
      .updateTable('order_refunds')
      .set({ state: 'failed' })
      .where('id', '=', row.id)
      .where('state', '!=', 'failed')
      .executeTakeFirst();
    if (Number(numUpdatedRows) !== 1) return;
    await tx
      .updateTable('orders')
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '-', row.amount_cents), updated_on: now }))
      .where('id', '=', row.order_id)
      .execute();
    for (const l of JSON.parse(row.lines) as { lineId: string; quantity: number }[]) {
      await tx
        .updateTable('order_lines')
        .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '-', l.quantity) }))
        .where('id', '=', l.lineId)
        .execute();
    }
    await recordOrderEvent(tx, websiteId, row.order_id, 'refund_failed', SYSTEM, now, {
      refundId: row.id,
      amountCents: row.amount_cents,
      reason: refund.failure_reason ?? null,
    });
  });
}

/** A charge's refunds (when the event lists them): each as its own refund event. */
async function chargeRefunded(ctx: EventContext, websiteId: string, charge: Stripe.Charge, event: Stripe.Event): Promise<EventOutcome> {
  const refunds = charge.refunds?.data ?? [];
  let handled = false;
  for (const refund of refunds) {
    const outcome = await refundChanged(ctx, websiteId, refund, { ...event, id: `${event.id}:${refund.id}` });
    handled ||= outcome.handled;
  }
  return { handled };
}

/** A dispute opened: on the order's timeline (amount, reason), and mailed to the staff who may manage orders. */
async function disputeCreated(ctx: EventContext, websiteId: string, dispute: Stripe.Dispute, event: Stripe.Event): Promise<EventOutcome> {
  const order = await orderOfReference(ctx.app.deps.store.db, websiteId, idOf(dispute.payment_intent));
  const s = await loadSnapshot(ctx.app.deps.store, websiteId);
  if (!order || !s) return { handled: false };
  return once(ctx, websiteId, event, order.id, async (tx, now) => {
    await recordOrderEvent(tx, websiteId, order.id, 'disputed', SYSTEM, now, {
      amountCents: dispute.amount,
      reason: dispute.reason,
      dispute: dispute.id,
      respondBy: dispute.evidence_details?.due_by ? dispute.evidence_details.due_by * 1000 : null,
    });
    await disputeMail(ctx.app, tx, websiteId, s, { order, dispute, now });
  });
}

/** A dispute ended: its outcome on the timeline (won, lost). */
async function disputeClosed(ctx: EventContext, websiteId: string, dispute: Stripe.Dispute, event: Stripe.Event): Promise<EventOutcome> {
  const order = await orderOfReference(ctx.app.deps.store.db, websiteId, idOf(dispute.payment_intent));
  if (!order) return { handled: false };
  return once(ctx, websiteId, event, order.id, (tx, now) =>
    recordOrderEvent(tx, websiteId, order.id, 'dispute_closed', SYSTEM, now, { status: dispute.status, amountCents: dispute.amount, dispute: dispute.id }),
  );
}

/**
 * A subscription's new card confirmed in the browser (its SetupIntent succeeded): kept on the
 * subscription through the subscriptions module, once per SetupIntent (the customer's page may
 * have kept it already: then nothing changes), a past-due one retried at once.
 */
async function setupSucceeded(ctx: EventContext, websiteId: string, setup: Stripe.SetupIntent, event: Stripe.Event): Promise<EventOutcome> {
  const subscriptionId = setup.metadata?.subscriptionId;
  const keep = ctx.app.commerce.keepConfirmedMethod;
  if (!subscriptionId || !keep) return { handled: false };
  const method = await ctx.provider.methodOfSetup(websiteId, setup);
  if (!method) return { handled: false };
  const { kept } = await keep(websiteId, subscriptionId, method, setup.id);
  const recorded = await once(ctx, websiteId, event, null, async () => {});
  return kept ? recorded : { handled: true, duplicate: true };
}

/** The events Tessera acts on (docs/payments.md lists them for the owner); any other answers unhandled. */
export async function handleEvent(ctx: EventContext, websiteId: string, event: Stripe.Event): Promise<EventOutcome> {
  const object = event.data.object as unknown;
  switch (event.type) {
    case 'payment_intent.succeeded':
      return paymentSucceeded(ctx, websiteId, object as Stripe.PaymentIntent, event);
    case 'payment_intent.payment_failed':
      return paymentFailed(ctx, websiteId, object as Stripe.PaymentIntent, event);
    case 'refund.updated':
    case 'refund.failed':
      return refundChanged(ctx, websiteId, object as Stripe.Refund, event);
    case 'charge.refunded':
      return chargeRefunded(ctx, websiteId, object as Stripe.Charge, event);
    case 'charge.dispute.created':
      return disputeCreated(ctx, websiteId, object as Stripe.Dispute, event);
    case 'charge.dispute.closed':
      return disputeClosed(ctx, websiteId, object as Stripe.Dispute, event);
    case 'setup_intent.succeeded':
      return setupSucceeded(ctx, websiteId, object as Stripe.SetupIntent, event);
    default:
      return { handled: false };
  }
}
