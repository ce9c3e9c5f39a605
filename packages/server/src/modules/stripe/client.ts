import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { Executor } from '../../storage/statement.js';
import { stripeSecret } from './secrets.js';
import type { StripeMode } from './settings.js';

/** Network retries the client makes itself (each with the same idempotency key, so never twice charged). */
const MAX_NETWORK_RETRIES = 2;
/** A call that takes longer fails: a checkout waits for it, and the shopper should not wait for ever. */
const TIMEOUT_MS = 20_000;

/** The client options that point it at another API address (`TESSERA_STRIPE_API`): host, port and protocol. */
function addressOptions(apiAddress: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiAddress) return {};
  const url = new URL(apiAddress);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * One Stripe client per site and mode, made with the site's secret key and kept while that key
 * stays the same (a key replaced in the studio makes a new client at the next call).
 */
export class StripeClients {
  private readonly clients = new Map<string, { fingerprint: string; client: Stripe }>();

  constructor(private readonly apiAddress: string) {}

  /** The site's client in that mode, or null when no secret key is stored for it. */
  async of(db: Executor, websiteId: string, mode: StripeMode): Promise<Stripe | null> {
    const key = await stripeSecret(db, websiteId, mode, 'secretKey');
    if (!key) return null;
    const fingerprint = createHash('sha256').update(key).digest('hex');
    const id = `${websiteId}:${mode}`;
    const known = this.clients.get(id);
    if (known?.fingerprint === fingerprint) return known.client;
    const client = new Stripe(key, {
      maxNetworkRetries: MAX_NETWORK_RETRIES,
      timeout: TIMEOUT_MS,
      telemetry: false,
      appInfo: { name: 'Tessera' },
      ...addressOptions(this.apiAddress),
    });
    this.clients.set(id, { fingerprint, client });
    return client;
  }
}

/** Any Stripe key or secret in a text (an error's message) replaced, so that it never reaches a log or an answer. */
function withoutKeys(text: string): string {
  return text.replace(/\b(sk|rk|whsec|pk)_[A-Za-z0-9_*]+/g, '$1_[redacted]');
}

/** What a log line may say of a Stripe failure: its type, code and message with any key taken out. */
export function stripeFailure(error: unknown): { type?: string; code?: string; message: string } {
  if (error instanceof Stripe.errors.StripeError) {
    return { type: error.type, ...(error.code ? { code: error.code } : {}), message: withoutKeys(error.message) };
  }
  return { message: withoutKeys(error instanceof Error ? error.message : String(error)) };
}

/** A card's refusal (declined, insufficient funds, needs the shopper's authentication), as opposed to a failure of the call. */
export function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return error instanceof Stripe.errors.StripeError && (error.type === 'StripeCardError' || error.rawType === 'card_error');
}
