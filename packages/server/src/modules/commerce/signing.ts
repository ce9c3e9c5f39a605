import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../../storage/dialect.js';
import { siteSecret } from '../../storage/site-secrets.js';
import { systemClock, type Clock } from '../../clock.js';

/**
 * Links bound to an order (confirmation, order status, downloads) carry an HMAC made with the
 * site's `commerce-links` secret (storage/site-secrets.ts: in the store, made on first use, so every
 * process signs and checks alike). Each process keeps it for a minute, like the other secrets.
 */
const SECRET_NAME = 'commerce-links';
const KEEP_MS = 60_000;

export class Signer {
  private readonly secrets = new Map<string, { secret: Promise<Buffer>; until: number }>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock = systemClock,
  ) {}

  private secret(websiteId: string): Promise<Buffer> {
    const now = this.clock();
    const kept = this.secrets.get(websiteId);
    if (kept && kept.until > now) return kept.secret;
    const secret = siteSecret(this.store.db, websiteId, SECRET_NAME, now).then((text) => Buffer.from(text, 'base64url'));
    secret.catch(() => this.secrets.delete(websiteId));
    this.secrets.set(websiteId, { secret, until: now + KEEP_MS });
    return secret;
  }

  /**
   * Reads the site's secret ahead of a transaction (it is then kept for a minute): on SQLite,
   * reading it inside one would wait for the connection that transaction holds.
   */
  async ready(websiteId: string): Promise<void> {
    await this.secret(websiteId);
  }

  /** The signature of `parts` under a purpose ("order", "download"): 43 base64url characters. */
  async sign(websiteId: string, purpose: string, ...parts: string[]): Promise<string> {
    return createHmac('sha256', await this.secret(websiteId))
      .update([purpose, ...parts].join('\u0000'))
      .digest('base64url');
  }

  async verify(websiteId: string, signature: unknown, purpose: string, ...parts: string[]): Promise<boolean> {
    if (typeof signature !== 'string' || signature.length !== 43) return false;
    const expected = Buffer.from(await this.sign(websiteId, purpose, ...parts));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** An order's token for its confirmation and status pages: `<order id>.<signature>`. */
  async orderToken(websiteId: string, orderId: string): Promise<string> {
    return `${orderId}.${await this.sign(websiteId, 'order', orderId)}`;
  }

  /**
   * A subscription's token for its customer's page (`/commerce/subscription?token=`), in its mails
   * and on the order status page: `<subscription id>.<signature>`, like an order's.
   */
  async subscriptionToken(websiteId: string, subscriptionId: string): Promise<string> {
    return `${subscriptionId}.${await this.sign(websiteId, 'subscription', subscriptionId)}`;
  }

  /** The subscription id a token names, when its signature is right; null otherwise. */
  async subscriptionIdFromToken(websiteId: string, token: unknown): Promise<string | null> {
    return this.idFromToken(websiteId, token, 'subscription');
  }

  private async idFromToken(websiteId: string, token: unknown, purpose: string): Promise<string | null> {
    if (typeof token !== 'string') return null;
    const dot = token.indexOf('.');
    if (dot < 1) return null;
    const id = token.slice(0, dot);
    if (!/^[0-9a-f]{24}$/.test(id)) return null;
    return (await this.verify(websiteId, token.slice(dot + 1), purpose, id)) ? id : null;
  }

  /** The order id a token names, when its signature is right; null otherwise. */
  async orderIdFromToken(websiteId: string, token: unknown): Promise<string | null> {
    if (typeof token !== 'string') return null;
    const dot = token.indexOf('.');
    if (dot < 1) return null;
    const orderId = token.slice(0, dot);
    if (!/^[0-9a-f]{24}$/.test(orderId)) return null;
    return (await this.verify(websiteId, token.slice(dot + 1), 'order', orderId)) ? orderId : null;
  }
}

const hashes = new Map<string, string>();

/**
 * Cart tokens are bearer secrets: the store keeps only their hash. A visitor sends the same token
 * on every call: recent hashes are kept (a bounded map, emptied when full).
 */
export function tokenHash(token: string): string {
  let hash = hashes.get(token);
  if (hash === undefined) {
    if (hashes.size >= 10_000) hashes.clear();
    hash = createHash('sha256').update(token).digest('hex');
    hashes.set(token, hash);
  }
  return hash;
}

/** A new random token (cart cookie, cartToken): 32 base64url characters, 192 bits. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}
