import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { siteSender } from '../../mail/site.js';
import type { CommerceDeps } from '../commerce/index.js';
import { giveBackOrder, issuePaidOrder, orderMailInput, recordOrderEvent, SYSTEM } from '../checkout/index.js';
import type { Adjusted } from '../inventory/index.js';
import { readSubscription, type Claimed, type FailureReason, type SubscriptionRow } from './claim.js';
import { endGrant, holdGrant } from './grants.js';
import { sendSubscriptionMail } from './mails.js';
import { RETRY_DELAYS_MS, complete, cycleDate, planOf } from './schedule.js';

/**
 * Step 3 of a renewal, paid: one transaction. The order moves from processing to paid by a
 * compare-and-set (so one outcome whatever races), earns what a paid order earns (issuePaidOrder:
 * the orderPaidHooks extend the membership by one period, the review request...), the receipt is
 * mailed (and the orderPlacedHooks told: the staff's new-order mail), and the subscription counts the cycle: its next date from its start (no drift), or
 * ended once a fixed-length plan's last cycle is billed.
 */
export async function recordPaid(deps: CommerceDeps, s: SiteSnapshot, claimed: Claimed, reference: string): Promise<boolean> {
  await deps.signer.ready(s.website.id);
  const done = await writeTransaction(deps.store, async (tx) => {
    const now = deps.clock();
    const { numUpdatedRows } = await tx
      .updateTable('orders')
      .set({ payment_status: 'paid', payment_reference: reference, paid_on: now, updated_on: now })
      .where('id', '=', claimed.orderId)
      .where('payment_status', '=', 'processing')
      .executeTakeFirst();
    if (Number(numUpdatedRows) !== 1) return false;
    const sub = await readSubscription(tx, (await subscriptionOf(tx, claimed.orderId))!);
    await recordOrderEvent(tx, s.website.id, claimed.orderId, 'paid', SYSTEM, now, { provider: sub.payment_provider, reference });
    const order = await tx.selectFrom('orders').select(['base_url', 'customer_email']).where('id', '=', claimed.orderId).executeTakeFirstOrThrow();
    const view = await issuePaidOrder(deps, s, tx, claimed.orderId, order.base_url, now);
    if (deps.mail) {
      const sender = siteSender(s, order.base_url, deps.mailFrom);
      await deps.mail.send(tx, {
        websiteId: s.website.id,
        kind: 'order-confirmation',
        to: order.customer_email,
        from: sender.from,
        site: sender.site,
        input: orderMailInput(s, view, order.base_url),
      });
      await recordOrderEvent(tx, s.website.id, claimed.orderId, 'mail', SYSTEM, now, { kind: 'receipt', to: order.customer_email });
    }
    // The staff's new-order mail, as for an order placed at checkout.
    for (const hook of deps.orderPlacedHooks) await hook(tx, { site: s, order: view, baseUrl: order.base_url, now });
    const plan = planOf(sub);
    const billed = sub.cycles_billed + 1;
    const ended = complete(plan, billed);
    // A cycle paid after a retry keeps the schedule: the next one falls on its own date.
    await tx
      .updateTable('subscriptions')
      .set({
        cycles_billed: billed,
        failed_attempts: 0,
        retry_on: null,
        status: ended ? 'ended' : sub.status === 'canceled' || sub.status === 'paused' ? sub.status : 'active',
        next_billing_on: ended ? null : cycleDate(sub, plan, billed + 1),
        ...(ended ? { ended_on: now, ended_reason: 'completed' } : {}),
      })
      .where('id', '=', sub.id)
      .execute();
    return true;
  });
  deps.mail?.kick();
  return done;
}

function subscriptionOf(tx: Executor, orderId: string) {
  return tx
    .selectFrom('orders')
    .select('subscription_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
    .then((r) => r.subscription_id);
}

/**
 * Step 3 of a renewal, not paid (declined, out of stock, no kept method, the provider's error):
 * one transaction. The order is undone (its stock back) and kept as the cycle's failed renewal
 * (its cycle released, so a retry makes a new order for it); the subscription is past_due with
 * its next retry, or ended after the last one (its membership with it); the customer is mailed.
 * Answers the stock given back, for the inventory's hooks.
 */
export async function recordFailure(deps: CommerceDeps, s: SiteSnapshot, claimed: Claimed, reason: FailureReason): Promise<Adjusted[] | null> {
  await deps.signer.ready(s.website.id);
  const result = await writeTransaction(deps.store, async (tx) => {
    const now = deps.clock();
    const { numUpdatedRows } = await tx
      .updateTable('orders')
      .set({ payment_status: 'declined', fulfillment_status: 'CANCELED', subscription_cycle: null, updated_on: now, canceled_on: now })
      .where('id', '=', claimed.orderId)
      .where('payment_status', '=', 'processing')
      .executeTakeFirst();
    if (Number(numUpdatedRows) !== 1) return null;
    const restocked = await giveBackOrder(deps.store, tx, claimed.orderId, now);
    await recordOrderEvent(tx, s.website.id, claimed.orderId, 'payment_declined', SYSTEM, now, { renewal: true, reason });
    const sub = await readSubscription(tx, (await subscriptionOf(tx, claimed.orderId))!);
    const failed = sub.failed_attempts + 1;
    const plan = planOf(sub);
    const due = cycleDate(sub, plan, sub.cycles_billed + 1);
    const last = failed > RETRY_DELAYS_MS.length;
    // A customer who canceled meanwhile is not retried nor mailed again.
    const canceled = sub.status === 'canceled';
    const retryOn = last || canceled ? null : Math.max(due + RETRY_DELAYS_MS[failed - 1]!, now + 60_000);
    await tx
      .updateTable('subscriptions')
      .set({
        failed_attempts: failed,
        retry_on: retryOn,
        ...(canceled ? {} : last ? { status: 'ended', ended_on: now, ended_reason: 'payment_failed', next_billing_on: null } : { status: 'past_due' }),
      })
      .where('id', '=', sub.id)
      .execute();
    if (canceled) return restocked;
    if (last) await endGrant(tx, sub, now);
    else await holdGrant(tx, sub, retryOn!, now);
    await mailFailure(deps, s, tx, sub, claimed, reason, retryOn);
    return restocked;
  });
  deps.mail?.kick();
  return result;
}

async function mailFailure(
  deps: CommerceDeps,
  s: SiteSnapshot,
  tx: Executor,
  sub: SubscriptionRow,
  claimed: Claimed,
  reason: FailureReason,
  retryOn: number | null,
) {
  const amount = { cents: claimed.amountCents };
  if (retryOn === null) await sendSubscriptionMail(deps, s, tx, sub, { kind: 'subscription-ended', reason: 'payment_failed', ...amount });
  else await sendSubscriptionMail(deps, s, tx, sub, { kind: 'subscription-payment-failed', reason, retryOn, ...amount });
}
