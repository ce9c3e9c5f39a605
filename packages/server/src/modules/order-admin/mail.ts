import { escapeHtml } from '@tessera/core/html';
import { registerMailTemplate } from '../../mail/index.js';
import { htmlLayout, type MailSite } from '../../mail/layout.js';
import type { MailContent } from '../../mail/message.js';

/**
 * The mails of the owner's order actions, in the style of the other commerce mails: the customer's
 * shipped mail (what left, the carrier and the tracking link) and canceled mail (what was refunded
 * and given back), and the staff's new-order mail with a link to the order's page in the studio.
 */
interface OrderShippedInput {
  readonly orderNumber: number;
  readonly items: readonly { readonly title: string; readonly quantity: number }[];
  readonly carrier: string | null;
  readonly trackingNumber: string | null;
  /** Absolute; null when neither given nor known for the carrier. */
  readonly trackingUrl: string | null;
  /** Every item of the order has now left. */
  readonly complete: boolean;
  /** Absolute. */
  readonly orderStatusUrl: string;
}

interface OrderCanceledInput {
  readonly orderNumber: number;
  /** "$42.00" paid back to the payment method; null when nothing was paid. */
  readonly refunded: string | null;
  /** "$25.00" back on the gift card used; null when none was. */
  readonly giftCardReturned: string | null;
  /** Absolute. */
  readonly orderStatusUrl: string;
}

interface NewOrderInput {
  readonly orderNumber: number;
  readonly customerEmail: string;
  readonly customerName: string;
  readonly items: readonly { readonly title: string; readonly quantity: number; readonly subTotal: string }[];
  readonly total: string;
  /** "Paid" or "Payment pending (offline)". */
  readonly payment: string;
  /** Absolute: the order's page in the studio. */
  readonly orderUrl: string;
}

declare module '../../mail/templates/index.js' {
  interface MailKinds {
    'order-shipped': OrderShippedInput;
    'order-canceled': OrderCanceledInput;
    'new-order': NewOrderInput;
  }
}

const button = (url: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#222;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(label)}</a></p>`;

const itemsText = (items: readonly { title: string; quantity: number }[]) => items.map((i) => `${i.quantity} x ${i.title}`).join('\n');
const itemsHtml = (items: readonly { title: string; quantity: number }[]) =>
  `<ul style="padding-left:20px">${items.map((i) => `<li>${i.quantity} &times; ${escapeHtml(i.title)}</li>`).join('')}</ul>`;

function orderShippedMail(input: OrderShippedInput, site: MailSite): MailContent {
  const what = input.complete ? `Your order #${input.orderNumber} is on its way.` : `Part of your order #${input.orderNumber} is on its way.`;
  const via = [input.carrier ? `Carrier: ${input.carrier}` : '', input.trackingNumber ? `Tracking number: ${input.trackingNumber}` : '']
    .filter(Boolean)
    .join('\n');
  const text =
    `${what}\n\n${itemsText(input.items)}\n\n` +
    (via ? `${via}\n` : '') +
    (input.trackingUrl ? `Track it: ${input.trackingUrl}\n` : '') +
    `\nOrder status: ${input.orderStatusUrl}\n`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(what)}</h1>` +
    itemsHtml(input.items) +
    (via ? `<p>${via.split('\n').map(escapeHtml).join('<br>')}</p>` : '') +
    (input.trackingUrl ? button(input.trackingUrl, 'Track your package') : '') +
    `<p style="margin:16px 0 0"><a href="${escapeHtml(input.orderStatusUrl)}">Order status</a></p>`;
  return { subject: `Your order #${input.orderNumber} from ${site.siteTitle} has shipped`, text, html: htmlLayout({ site, bodyHtml }) };
}

function orderCanceledMail(input: OrderCanceledInput, site: MailSite): MailContent {
  const lines = [
    `Your order #${input.orderNumber} at ${site.siteTitle} was canceled.`,
    ...(input.refunded ? [`We refunded ${input.refunded} to your payment method.`] : []),
    ...(input.giftCardReturned ? [`The ${input.giftCardReturned} paid with a gift card is back on the card.`] : []),
  ];
  const text = `${lines.join('\n')}\n\nOrder status: ${input.orderStatusUrl}\n`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Your order #${input.orderNumber} was canceled</h1>` +
    lines
      .slice(1)
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('') +
    `<p style="margin:16px 0 0"><a href="${escapeHtml(input.orderStatusUrl)}">Order status</a></p>`;
  return { subject: `Your order #${input.orderNumber} from ${site.siteTitle} was canceled`, text, html: htmlLayout({ site, bodyHtml }) };
}

function newOrderMail(input: NewOrderInput, site: MailSite): MailContent {
  const buyer = input.customerName ? `${input.customerName} <${input.customerEmail}>` : input.customerEmail;
  const text =
    `New order #${input.orderNumber} on ${site.siteTitle} from ${buyer}.\n\n` +
    input.items.map((i) => `${i.quantity} x ${i.title}: ${i.subTotal}`).join('\n') +
    `\n\nTotal: ${input.total}\nPayment: ${input.payment}\n\nOpen the order: ${input.orderUrl}\n`;
  const rows = input.items
    .map(
      (i) =>
        `<tr><td style="padding:6px 12px 6px 0">${i.quantity} &times; ${escapeHtml(i.title)}</td><td align="right" style="padding:6px 0">${escapeHtml(i.subTotal)}</td></tr>`,
    )
    .join('');
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">New order #${input.orderNumber}</h1>` +
    `<p>From ${escapeHtml(buyer)}.</p>` +
    `<table role="presentation" style="border-collapse:collapse;width:100%">${rows}</table>` +
    `<p><strong>Total: ${escapeHtml(input.total)}</strong><br>Payment: ${escapeHtml(input.payment)}</p>` +
    button(input.orderUrl, 'Open the order');
  return { subject: `New order #${input.orderNumber}: ${input.total}`, text, html: htmlLayout({ site, bodyHtml }) };
}

registerMailTemplate('order-shipped', orderShippedMail);
registerMailTemplate('order-canceled', orderCanceledMail);
registerMailTemplate('new-order', newOrderMail);
