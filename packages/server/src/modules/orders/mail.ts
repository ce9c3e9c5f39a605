import { htmlLayout, type MailSite } from '../../mail/layout.js';
import { escapeHtml } from '@tessera/core/html';
import type { MailContent } from '../../mail/message.js';
import { registerMailTemplate } from '../../mail/index.js';

/**
 * The buyer's mail of a placed order (or a contribution): its lines with the gift card codes and
 * download links (absolute, bound to the order), the totals, the subscriptions, and the order
 * status link. Written to the outbox in the transaction that finishes the order (mail/README.md).
 */
export interface OrderConfirmationMailInput {
  readonly kind: string;
  readonly orderNumber: number;
  readonly paymentPending: boolean;
  /** While the payment is pending: until when the order is held (the site's time), else null. */
  readonly holdUntil?: string | null;
  readonly lines: readonly {
    readonly title: string;
    readonly quantity: number;
    readonly subTotal: string;
    readonly giftCardCodes: readonly string[];
    readonly downloadUrl: string | null;
  }[];
  /** Label and formatted amount, in order: subtotal, discount, shipping, tax, gift card, total. */
  readonly totals: readonly { readonly label: string; readonly amount: string }[];
  readonly subscriptions: readonly string[];
  /** Absolute. */
  readonly orderStatusUrl: string;
}

declare module '../../mail/templates/index.js' {
  interface MailKinds {
    'order-confirmation': OrderConfirmationMailInput;
  }
}

function orderConfirmationMail(input: OrderConfirmationMailInput, site: MailSite): MailContent {
  const donation = input.kind === 'donation';
  const subject = donation
    ? `Thank you for your contribution to ${site.siteTitle} (#${input.orderNumber})`
    : `Your order #${input.orderNumber} from ${site.siteTitle}`;
  const intro = donation ? 'Thank you for your contribution.' : `Thank you for your order #${input.orderNumber}.`;
  const held = input.paymentPending && input.holdUntil ? ` We hold your order until ${input.holdUntil}; without payment by then it is canceled.` : '';
  const pending = input.paymentPending ? ` Your payment is pending: we will go ahead once we receive it.${held}` : '';
  const lineText = input.lines
    .map((l) =>
      [
        `${l.quantity} x ${l.title}: ${l.subTotal}`,
        ...l.giftCardCodes.map((c) => `  Gift card code: ${c}`),
        ...(l.downloadUrl ? [`  Download: ${l.downloadUrl}`] : []),
      ].join('\n'),
    )
    .join('\n');
  const totalsText = input.totals.map((t) => `${t.label}: ${t.amount}`).join('\n');
  const subscriptionsText = input.subscriptions.length > 0 ? `\n\n${input.subscriptions.join('\n')}` : '';
  const text = `${intro}${pending}\n\n${lineText}\n\n${totalsText}${subscriptionsText}\n\nOrder status: ${input.orderStatusUrl}\n`;

  const rows = input.lines
    .map((l) => {
      const extras = [
        ...l.giftCardCodes.map((c) => `<br><span style="font-size:14px">Gift card code: <code>${escapeHtml(c)}</code></span>`),
        ...(l.downloadUrl ? [`<br><a href="${escapeHtml(l.downloadUrl)}" style="font-size:14px">Download</a>`] : []),
      ].join('');
      return (
        `<tr><td style="padding:6px 12px 6px 0">${l.quantity} &times; ${escapeHtml(l.title)}${extras}</td>` +
        `<td align="right" valign="top" style="padding:6px 0">${escapeHtml(l.subTotal)}</td></tr>`
      );
    })
    .join('');
  const totalRows = input.totals
    .map(
      (t) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0;font-weight:normal">${escapeHtml(t.label)}</th><td align="right">${escapeHtml(t.amount)}</td></tr>`,
    )
    .join('');
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(intro)}</h1>` +
    (pending ? `<p>${escapeHtml(pending.trim())}</p>` : '') +
    `<table role="presentation" style="border-collapse:collapse;width:100%">${rows}</table>` +
    `<table role="presentation" style="border-collapse:collapse;width:100%;margin-top:12px;border-top:1px solid #ddd">${totalRows}</table>` +
    input.subscriptions.map((s) => `<p>${escapeHtml(s)}</p>`).join('') +
    `<p style="margin:16px 0 0"><a href="${escapeHtml(input.orderStatusUrl)}">Order status</a></p>`;
  return { subject, text, html: htmlLayout({ site, bodyHtml }) };
}

registerMailTemplate('order-confirmation', orderConfirmationMail);
