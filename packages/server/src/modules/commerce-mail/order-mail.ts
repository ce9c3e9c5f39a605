import type { Mailer } from '../../mail/index.js';
import { siteSender } from '../../mail/site.js';
import type { OrderPaidHook, Signer } from '../commerce/index.js';
import { storeRules } from '../commerce/index.js';
import { siteDate, siteTime } from './templates.js';

/**
 * The commerce mails of a paid order, written to the outbox in the transaction that records the
 * payment: one `gift-card-code` mail per gift card bought, one `digital-download` mail with the
 * download links, one `subscription-confirmation` mail for the plans subscribed to. An order whose
 * payment is pending gets them when it is paid (markOrderPaid), once; its confirmation, sent when
 * it is placed, tells the shopper the payment is awaited and carries no code or link.
 */
export function commerceMailHook(deps: { mail: Mailer; mailFrom: string; signer: Signer }): OrderPaidHook {
  return async (tx, { site, order, baseUrl }) => {
    if (order.kind === 'donation') return;
    const { site: mailSite, from } = siteSender(site, baseUrl, deps.mailFrom);
    const base = { websiteId: site.website.id, to: order.customerEmail, from, site: mailSite };
    const format = storeRules(site).format;
    for (const line of order.lines) {
      for (const card of line.giftCards) {
        await deps.mail.send(tx, {
          ...base,
          kind: 'gift-card-code',
          input: { orderNumber: order.orderNumber, productTitle: line.title, code: card.code, amount: format(card.amountCents), shopUrl: `${baseUrl}/` },
        });
      }
    }
    const downloads = order.lines
      .filter((l) => l.download)
      .map((l) => ({
        title: l.title,
        url: `${baseUrl}${l.download!.url}`,
        expiresOn: siteTime(l.download!.expiresOn, site.language, site.timeZone),
      }));
    if (downloads.length > 0) {
      await deps.mail.send(tx, { ...base, kind: 'digital-download', input: { orderNumber: order.orderNumber, downloads } });
    }
    if (order.subscriptions.length > 0) {
      await deps.mail.send(tx, {
        ...base,
        kind: 'subscription-confirmation',
        input: {
          orderNumber: order.orderNumber,
          subscriptions: await Promise.all(
            order.subscriptions.map(async (sub) => ({
              title: sub.title,
              priceText: sub.priceText,
              nextBillingDate: sub.nextBillingDate === null ? null : siteDate(sub.nextBillingDate, site.language, site.timeZone),
              // Its own page (modules/subscriptions): cancel it, or change the card its renewals charge.
              manageUrl: `${baseUrl}/commerce/subscription?token=${await deps.signer.subscriptionToken(site.website.id, sub.id)}`,
            })),
          ),
          orderStatusUrl: `${baseUrl}${order.orderStatusUrl}`,
        },
      });
    }
  };
}
