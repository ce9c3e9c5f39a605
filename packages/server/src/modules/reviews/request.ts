import type { Mailer } from '../../mail/index.js';
import { siteSender } from '../../mail/site.js';
import type { OrderPaidHook } from '../commerce/index.js';
import type { Signer } from '../commerce/index.js';
import { REVIEWABLE_TYPES } from './store.js';
import { reviewSettings } from './settings.js';
import './mail.js';

/** The review-request page (page type 209). */
export const REVIEWS_REQUEST_PATH = '/commerce/reviews-request';

/** The link of an order's review request: `<order id>.<HMAC of it for reviews>`, so it works for that order only. */
export async function reviewToken(signer: Signer, websiteId: string, orderId: string): Promise<string> {
  return `${orderId}.${await signer.sign(websiteId, 'review', orderId)}`;
}

export async function orderIdFromReviewToken(signer: Signer, websiteId: string, token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.indexOf('.');
  const orderId = token.slice(0, dot);
  if (dot < 1 || !/^[0-9a-f]{24}$/.test(orderId)) return null;
  return (await signer.verify(websiteId, token.slice(dot + 1), 'review', orderId)) ? orderId : null;
}

/**
 * Writes the review request of a paid order to the outbox, in the transaction that records the
 * payment, due `reviewRequestDelayHours` later: when the site enables reviews and the order holds
 * something to review. Only a paid order earns the "verified buyer" link: an order whose payment is
 * pending gets it when the payment arrives, and one canceled unpaid never does. The outbox keeps it
 * until then (several processes, restarts: it goes out once).
 */
export function reviewRequestHook(deps: { mail: Mailer; signer: Signer; mailFrom: string }): OrderPaidHook {
  return async (tx, { site, order, baseUrl, now }) => {
    const settings = reviewSettings(site);
    if (!settings.enabled || order.kind === 'donation') return;
    const seen = new Set<string>();
    const products = order.lines.filter(
      (l) => l.itemId && l.productType !== null && REVIEWABLE_TYPES.includes(l.productType) && !seen.has(l.itemId) && seen.add(l.itemId),
    );
    if (products.length === 0) return;
    const sender = siteSender(site, baseUrl, deps.mailFrom);
    const token = await reviewToken(deps.signer, site.website.id, order.id);
    await deps.mail.send(tx, {
      websiteId: site.website.id,
      kind: 'review-request',
      to: order.customerEmail,
      from: sender.from,
      site: sender.site,
      dueOn: now + settings.requestDelayHours * 3_600_000,
      input: {
        orderNumber: order.orderNumber,
        products: products.map((l) => ({ title: l.title })),
        reviewUrl: `${baseUrl}${REVIEWS_REQUEST_PATH}?token=${token}`,
      },
    });
  };
}
