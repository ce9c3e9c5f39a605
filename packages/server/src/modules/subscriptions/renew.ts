import { loadSnapshot, type SiteSnapshot } from '../site/index.js';
import type { CommerceDeps, SavedChargeRequest } from '../commerce/index.js';
import { claimCycle, type FailureReason } from './claim.js';
import { recordFailure, recordPaid } from './outcome.js';

/** Subscriptions read per query of the job; each is renewed in transactions of its own. */
const BATCH = 50;

export type Renewed = 'paid' | 'failed' | 'skipped';

/**
 * Renews one subscription if it is due: its cycle's order (claim.ts, one transaction), then the
 * charge of its kept payment method outside any transaction, with the idempotency key
 * `tessera-renewal-<subscription>-<cycle>-<attempt>` (a retried run never charges twice), then
 * the outcome (outcome.ts, one transaction).
 */
export async function renewOne(
  deps: CommerceDeps,
  websiteId: string,
  subscriptionId: string,
  sites?: Map<string, Promise<SiteSnapshot | undefined>>,
): Promise<Renewed> {
  // A run reads each site once, however many of its subscriptions are due.
  let site = sites?.get(websiteId);
  if (!site) {
    site = loadSnapshot(deps.store, websiteId);
    sites?.set(websiteId, site);
  }
  const s = await site;
  if (!s) return 'skipped';
  const claimed = await claimCycle(deps, s, subscriptionId);
  if (!claimed) return 'skipped';
  let failure: FailureReason | null = claimed.failure;
  let reference = '';
  if (!failure) {
    const provider = deps.payments.get(claimed.method!.provider)!;
    try {
      const request: SavedChargeRequest = {
        websiteId,
        orderId: claimed.orderId,
        orderNumber: claimed.orderNumber,
        amountCents: claimed.amountCents,
        currency: s.currency,
        customerEmail: claimed.customerEmail,
        method: claimed.method!,
        idempotencyKey: `tessera-renewal-${subscriptionId}-${claimed.cycle}-${claimed.attempt}`,
      };
      const charge = await provider.chargeSaved!(request);
      if (charge.status === 'paid') reference = charge.reference;
      else failure = 'declined';
    } catch {
      failure = 'error';
    }
  }
  if (failure) {
    const restocked = await recordFailure(deps, s, claimed, failure);
    return restocked ? 'failed' : 'skipped';
  }
  return (await recordPaid(deps, s, claimed, reference)) ? 'paid' : 'skipped';
}

/**
 * The `subscription-renewals` job's work: every due subscription (active with its billing date
 * passed, or past_due with its retry time passed), read in batches, each renewed on its own. Safe
 * in several processes at once: a cycle makes one order (claim.ts). Answers how many were paid
 * and how many failed.
 */
export async function renewDue(deps: CommerceDeps): Promise<{ paid: number; failed: number }> {
  const counts = { paid: 0, failed: 0 };
  const seen = new Set<string>();
  const sites = new Map<string, Promise<SiteSnapshot | undefined>>();
  for (;;) {
    const now = deps.clock();
    const due = await deps.store.db
      .selectFrom('subscriptions')
      .select(['id', 'website_id'])
      .where((eb) =>
        eb.or([eb.and([eb('status', '=', 'active'), eb('next_billing_on', '<=', now)]), eb.and([eb('status', '=', 'past_due'), eb('retry_on', '<=', now)])]),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const fresh = due.filter((d) => !seen.has(d.id));
    for (const sub of fresh) {
      seen.add(sub.id);
      const outcome = await renewOne(deps, sub.website_id, sub.id, sites);
      if (outcome !== 'skipped') counts[outcome]++;
    }
    // A short batch was the last; one whose subscriptions were all seen is left to the next run.
    if (due.length < BATCH || fresh.length === 0) return counts;
  }
}
