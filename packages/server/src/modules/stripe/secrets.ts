import type { Executor } from '../../storage/statement.js';
import { STRIPE, type StripeMode } from './settings.js';

/** The secrets a site keeps for Stripe, per mode: the API's secret (or restricted) key and the webhook signing secret. */
export type SecretName = 'secretKey' | 'webhookSecret';

export interface StoredSecret {
  mode: StripeMode;
  name: SecretName;
  secret: string;
  updated_on: number;
  updated_by: string | null;
}

/** Every Stripe secret of a site (at most four rows). */
export async function stripeSecretsOf(db: Executor, websiteId: string): Promise<StoredSecret[]> {
  const rows = await db
    .selectFrom('payment_secrets')
    .select(['mode', 'name', 'secret', 'updated_on', 'updated_by'])
    .where('website_id', '=', websiteId)
    .where('provider', '=', STRIPE)
    .execute();
  return rows as StoredSecret[];
}

/** One secret of a site's mode, or null when none is stored. */
export async function stripeSecret(db: Executor, websiteId: string, mode: StripeMode, name: SecretName): Promise<string | null> {
  const row = await db
    .selectFrom('payment_secrets')
    .select('secret')
    .where('website_id', '=', websiteId)
    .where('provider', '=', STRIPE)
    .where('mode', '=', mode)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.secret ?? null;
}

/** Stores (or replaces) one secret, recording who set it. */
export async function putStripeSecret(
  db: Executor,
  websiteId: string,
  s: { mode: StripeMode; name: SecretName; secret: string; by: string | null; now: number },
): Promise<void> {
  await db
    .insertInto('payment_secrets')
    .values({ website_id: websiteId, provider: STRIPE, mode: s.mode, name: s.name, secret: s.secret, updated_on: s.now, updated_by: s.by })
    .onConflict((oc) => oc.columns(['website_id', 'provider', 'mode', 'name']).doUpdateSet({ secret: s.secret, updated_on: s.now, updated_by: s.by }))
    .execute();
}

/** Removes one secret. */
export async function removeStripeSecret(db: Executor, websiteId: string, mode: StripeMode, name: SecretName): Promise<void> {
  await db
    .deleteFrom('payment_secrets')
    .where('website_id', '=', websiteId)
    .where('provider', '=', STRIPE)
    .where('mode', '=', mode)
    .where('name', '=', name)
    .execute();
}
