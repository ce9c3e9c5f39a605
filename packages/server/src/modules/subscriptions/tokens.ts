import type { Signer } from '../commerce/index.js';

/**
 * The customer's link to a subscription (in its mails and on the order status page): the
 * subscription's id and an HMAC of it with the site's link secret, like an order's token
 * (commerce's Signer); it works without an account.
 */
export function subscriptionToken(signer: Signer, websiteId: string, subscriptionId: string): Promise<string> {
  return signer.subscriptionToken(websiteId, subscriptionId);
}

/** The subscription a token names when its signature is right; null otherwise. */
export function subscriptionIdFromToken(signer: Signer, websiteId: string, token: unknown): Promise<string | null> {
  return signer.subscriptionIdFromToken(websiteId, token);
}
