import type { OrderPageHook } from '../commerce/index.js';
import { paymentSucceeded, type EventContext } from './events.js';
import { STRIPE } from './settings.js';

/** An order's payment is asked of Stripe at most this often (a shopper reloading the page, a crawler). */
const SYNC_EVERY_MS = 5_000;
/** Orders remembered per process for that limit; the oldest are forgotten first. */
const REMEMBERED = 10_000;

/**
 * Before a pending Stripe order's confirmation or status page renders, Stripe is asked for its
 * PaymentIntent: a shopper back from paying sees the order paid even when the webhook is late.
 * The same idempotent markOrderPaid as the webhook's, so whichever comes first makes it paid.
 */
export function confirmationSync(ctx: EventContext): OrderPageHook {
  const asked = new Map<string, number>();
  const { store, clock } = ctx.app.deps;
  return async (s, orderId) => {
    const order = await store.db
      .selectFrom('orders')
      .select(['payment_status', 'payment_provider', 'payment_reference'])
      .where('id', '=', orderId)
      .where('website_id', '=', s.website.id)
      .executeTakeFirst();
    if (order?.payment_provider !== STRIPE || order.payment_status !== 'pending' || !order.payment_reference) return;
    const now = clock();
    const last = asked.get(orderId);
    if (last !== undefined && now - last < SYNC_EVERY_MS) return;
    asked.delete(orderId);
    asked.set(orderId, now);
    if (asked.size > REMEMBERED) asked.delete(asked.keys().next().value!);
    try {
      const intent = await ctx.provider.intent(s.website.id, order.payment_reference);
      if (intent.status === 'succeeded') await paymentSucceeded(ctx, s.website.id, intent, null);
    } catch {
      // Stripe could not be asked (the provider logged why): the page shows the order as it is; the webhook will come.
    }
  };
}
