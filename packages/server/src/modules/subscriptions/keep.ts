import { isUniqueViolation, writeTransaction } from '../../storage/statement.js';
import type { CommerceDeps, KeepConfirmedMethod, SavedMethod } from '../commerce/index.js';
import { keepMethod } from './actions.js';
import { renewOne } from './renew.js';

/** Thrown inside the transaction when the reference was kept before: nothing of this call stays. */
class KeptBefore extends Error {}

/**
 * A method a provider confirmed after its own script ran in the browser (a Stripe SetupIntent),
 * told by its webhook and by the customer's page, racing: the first to record the provider's
 * reference in `payment_events` (its primary key) keeps the method, in the same transaction; the
 * other changes nothing. The keeper alone retries a past-due subscription at once, so the two
 * make one retry (and the retry's own claim makes one order per attempt).
 */
export function confirmedMethodKeeper(deps: CommerceDeps): KeepConfirmedMethod {
  return async (websiteId: string, subscriptionId: string, method: SavedMethod, reference: string) => {
    let status: string | null = null;
    try {
      await writeTransaction(deps.store, async (tx) => {
        const now = deps.clock();
        try {
          await tx
            .insertInto('payment_events')
            .values({ website_id: websiteId, provider: method.provider, event_id: reference, type: 'method_kept', order_id: null, received_on: now })
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new KeptBefore();
          throw error;
        }
        const sub = await tx
          .selectFrom('subscriptions')
          .select('status')
          .where('id', '=', subscriptionId)
          .where('website_id', '=', websiteId)
          .executeTakeFirst();
        if (sub && (await keepMethod(tx, now, subscriptionId, method))) status = sub.status;
      });
    } catch (error) {
      if (error instanceof KeptBefore) return { kept: false, renewal: null };
      throw error;
    }
    if (status === null) return { kept: false, renewal: null };
    const renewal = status === 'past_due' ? await renewOne(deps, websiteId, subscriptionId) : null;
    return { kept: true, renewal };
  };
}
