import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { siteProviderIds, type CommerceDeps, type PaymentProvider, type SavedMethod, type SaveMethodResult } from '../commerce/index.js';
import { readSubscription, type SubscriptionRow } from './claim.js';
import { sendSubscriptionMail } from './mails.js';
import { complete, cycleDate, planOf, skipForResume } from './schedule.js';

/** Who changes a subscription: a staff account (its email) or the customer. */
export type SubscriptionActor = { kind: 'staff'; email: string } | { kind: 'customer'; email: string };

const actorText = (a: SubscriptionActor) => (a.kind === 'staff' ? a.email : `customer:${a.email}`);

type Change = { ok: true; sub: SubscriptionRow } | { ok: false; code: 'NOT_FOUND' | 'SUBSCRIPTION_NOT_CHANGEABLE' };

/**
 * Each change is one compare-and-set on the subscription's status, so two staff (or the owner and
 * the renewal job) racing get one outcome; the loser is told SUBSCRIPTION_NOT_CHANGEABLE.
 */
async function change(
  deps: CommerceDeps,
  websiteId: string,
  id: string,
  from: readonly SubscriptionRow['status'][],
  set: (sub: SubscriptionRow, now: number) => Partial<SubscriptionRow>,
  after?: (sub: SubscriptionRow, tx: Parameters<Parameters<typeof writeTransaction>[1]>[0], now: number) => Promise<void>,
): Promise<Change> {
  await deps.signer.ready(websiteId);
  const result = await writeTransaction(deps.store, async (tx): Promise<Change> => {
    const now = deps.clock();
    const sub = await tx.selectFrom('subscriptions').selectAll().where('id', '=', id).where('website_id', '=', websiteId).executeTakeFirst();
    if (!sub) return { ok: false, code: 'NOT_FOUND' };
    if (!from.includes(sub.status)) return { ok: false, code: 'SUBSCRIPTION_NOT_CHANGEABLE' };
    const { numUpdatedRows } = await tx
      .updateTable('subscriptions')
      .set(set(sub, now))
      .where('id', '=', id)
      .where('status', '=', sub.status)
      .where('cycles_billed', '=', sub.cycles_billed)
      .executeTakeFirst();
    if (Number(numUpdatedRows) !== 1) return { ok: false, code: 'SUBSCRIPTION_NOT_CHANGEABLE' };
    const changed = await readSubscription(tx, id);
    if (after) await after(changed, tx, now);
    return { ok: true, sub: changed };
  });
  if (result.ok) deps.mail?.kick();
  return result;
}

/** The owner pauses: no renewal (nor retry) while paused. */
export function pauseSubscription(deps: CommerceDeps, websiteId: string, id: string, by: SubscriptionActor) {
  return change(deps, websiteId, id, ['active', 'past_due'], (_sub, now) => ({ status: 'paused', paused_on: now, paused_by: actorText(by), retry_on: null }));
}

/** The owner resumes: the next cycle is the schedule's first date after now (the paused time is never charged). */
export function resumeSubscription(deps: CommerceDeps, websiteId: string, id: string, by: SubscriptionActor) {
  return change(deps, websiteId, id, ['paused'], (sub, now) => {
    const plan = planOf(sub);
    const skipped = skipForResume(sub, plan, now);
    return {
      status: 'active',
      resumed_on: now,
      resumed_by: actorText(by),
      failed_attempts: 0,
      retry_on: null,
      skipped_cycles: skipped,
      next_billing_on: complete(plan, sub.cycles_billed)
        ? null
        : cycleDate({ started_on: sub.started_on, skipped_cycles: skipped }, plan, sub.cycles_billed + 1),
    };
  });
}

/**
 * The customer or the owner cancels: no further renewal; what was paid runs to the end of its
 * period (its membership too). The customer is mailed.
 */
export function cancelSubscription(deps: CommerceDeps, s: SiteSnapshot, id: string, by: SubscriptionActor) {
  return change(
    deps,
    s.website.id,
    id,
    ['active', 'past_due', 'paused'],
    (_sub, now) => ({ status: 'canceled', canceled_on: now, canceled_by: actorText(by), retry_on: null }),
    async (sub, tx) => {
      // A past-due subscription's period was not paid: it ended when that period did.
      const paidUntil = sub.failed_attempts > 0 ? null : sub.next_billing_on;
      await sendSubscriptionMail(deps, s, tx, sub, { kind: 'subscription-canceled', paidUntil });
    },
  );
}

/**
 * The customer keeps a new payment method through the subscription's provider (`saveMethod`); a
 * past-due subscription is then due for a retry at once (the caller runs it).
 */
/**
 * The provider that keeps a subscription's new payment method: its own when it can, else the first
 * of the site's providers that can both keep one and charge it (a subscription of a provider that
 * cannot renew moves to it). Null when the site has none.
 */
export function methodProvider(deps: CommerceDeps, s: SiteSnapshot, sub: { payment_provider: string | null }): PaymentProvider | null {
  const own = deps.payments.get(sub.payment_provider ?? '');
  if (own?.saveMethod && own.chargeSaved) return own;
  for (const id of siteProviderIds(s.store)) {
    const p = deps.payments.get(id);
    if (p?.saveMethod && p.chargeSaved) return p;
  }
  return null;
}

export async function updatePaymentMethod(
  deps: CommerceDeps,
  s: SiteSnapshot,
  sub: SubscriptionRow,
  details: Readonly<Record<string, unknown>>,
  requestKey: string,
): Promise<SaveMethodResult | { status: 'unsupported' } | { status: 'stale' }> {
  const provider = methodProvider(deps, s, sub);
  if (!provider?.saveMethod) return { status: 'unsupported' };
  const result = await provider.saveMethod({
    websiteId: s.website.id,
    subscriptionId: sub.id,
    current: sub.saved_method ? (JSON.parse(sub.saved_method) as SavedMethod) : null,
    customerEmail: sub.customer_email,
    details,
    idempotencyKey: `tessera-save-method-${sub.id}-${requestKey}`,
  });
  if (result.status !== 'saved') return result;
  const kept = await keepMethod(deps.store.db, deps.clock(), sub.id, result.method);
  return kept ? result : { status: 'stale' };
}

/** Keeps a new method on an open subscription; a past-due one becomes due for a retry now. Answers whether it was kept. */
export async function keepMethod(db: Executor, now: number, id: string, method: SavedMethod): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('subscriptions')
    .set((eb) => ({
      saved_method: JSON.stringify(method),
      payment_provider: method.provider,
      // A renewal that failed is tried again at once with the new method.
      retry_on: eb.case().when('status', '=', 'past_due').then(now).else(eb.ref('retry_on')).end(),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['active', 'past_due', 'paused'])
    .executeTakeFirst();
  return Number(numUpdatedRows) === 1;
}
