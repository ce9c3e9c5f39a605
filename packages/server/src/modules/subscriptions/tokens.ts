import type { Signer } from '../commerce/index.js';

/**
 * The customer's link to a subscription (in its mails and on the order status page): the
 * subscription's id and an HMAC of it with the site's link secret, like an order's token; it
 * works without an account.
 */
export async function subscriptionToken(signer: Signer, websiteId: string, subscriptionId: string): Promise<string> {
  return `${subscriptionId}.${await signer.sign(websiteId, 'subscription', subscriptionId)}`;
}

/** The subscription a token names when its signature is right; null otherwise. */
export async function subscriptionIdFromToken(signer: Signer, websiteId: string, token: unknown): Promise<string | null> {
  if (typeof token !== 'string') return null;
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  const id = token.slice(0, dot);
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  return (await signer.verify(websiteId, token.slice(dot + 1), 'subscription', id)) ? id : null;
}
