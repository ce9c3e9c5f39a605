import { htmlLayout, type MailSite } from '../../mail/layout.js';
import { escapeHtml } from '@tessera/core/html';
import type { MailContent } from '../../mail/message.js';
import { registerMailTemplate } from '../../mail/index.js';

/**
 * The commerce mails that follow the order confirmation (modules/orders/mail.ts), each on its own
 * so that the buyer can find or forward it: a gift card's code (one mail per card, for the person
 * it is meant for), the download links of digital products, and the subscription's plan.
 */
interface GiftCardCodeInput {
  readonly orderNumber: number;
  readonly productTitle: string;
  /** `XXXX-XXXX-XXXX-XXXX` */
  readonly code: string;
  /** "$50.00" */
  readonly amount: string;
  /** Absolute: where the card is spent. */
  readonly shopUrl: string;
}

interface DigitalDownloadInput {
  readonly orderNumber: number;
  /** Absolute links bound to the order; `expiresOn` as the site's time zone writes it. */
  readonly downloads: readonly { readonly title: string; readonly url: string; readonly expiresOn: string }[];
}

interface SubscriptionConfirmationInput {
  readonly orderNumber: number;
  readonly subscriptions: readonly {
    readonly title: string;
    /** "$32.00 every 2 weeks for 12 weeks" (@tessera/core's subscription price text). */
    readonly priceText: string;
    /** The next billing date as the site writes it; null when the plan ends with this payment. */
    readonly nextBillingDate: string | null;
    /** Absolute: the subscription's own page (its signed link); absent in the owner's previews. */
    readonly manageUrl?: string;
  }[];
  /** Absolute. */
  readonly orderStatusUrl: string;
}

declare module '../../mail/templates/index.js' {
  interface MailKinds {
    'gift-card-code': GiftCardCodeInput;
    'digital-download': DigitalDownloadInput;
    'subscription-confirmation': SubscriptionConfirmationInput;
  }
}

const button = (url: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#222;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(label)}</a></p>`;

function giftCardCodeMail(input: GiftCardCodeInput, site: MailSite): MailContent {
  const text =
    `Here is your ${input.amount} gift card for ${site.siteTitle} (order #${input.orderNumber}).\n\n` +
    `  Gift card code: ${input.code}\n  Value: ${input.amount}\n\n` +
    `Enter the code at checkout: ${input.shopUrl}\n` +
    `What an order does not use stays on the card for the next one. Keep this email: the code is the card.\n`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Your ${escapeHtml(input.amount)} gift card</h1>` +
    `<p>${escapeHtml(input.productTitle)}, from order #${input.orderNumber}.</p>` +
    `<p style="margin:16px 0;padding:16px;border:1px dashed #999;border-radius:6px;text-align:center;font-size:22px;letter-spacing:2px">` +
    `<code>${escapeHtml(input.code)}</code></p>` +
    `<p>Enter the code at checkout. What an order does not use stays on the card for the next one. Keep this email: the code is the card.</p>` +
    button(input.shopUrl, `Shop at ${site.siteTitle}`);
  return { subject: `Your ${input.amount} gift card for ${site.siteTitle}`, text, html: htmlLayout({ site, bodyHtml }) };
}

function digitalDownloadMail(input: DigitalDownloadInput, site: MailSite): MailContent {
  const text =
    `Your downloads from order #${input.orderNumber} at ${site.siteTitle}:\n\n` +
    input.downloads.map((d) => `${d.title}\n  ${d.url}\n  The link works until ${d.expiresOn}.`).join('\n\n') +
    '\n';
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Your downloads</h1>` +
    `<p>From order #${input.orderNumber}. Each link works until the time shown under it.</p>` +
    input.downloads
      .map(
        (d) =>
          `<p style="margin:16px 0"><strong>${escapeHtml(d.title)}</strong><br>` +
          `<a href="${escapeHtml(d.url)}">Download</a> <span style="color:#666;font-size:14px">(until ${escapeHtml(d.expiresOn)})</span></p>`,
      )
      .join('');
  return { subject: `Your downloads from ${site.siteTitle} (#${input.orderNumber})`, text, html: htmlLayout({ site, bodyHtml }) };
}

function subscriptionConfirmationMail(input: SubscriptionConfirmationInput, site: MailSite): MailContent {
  const one = input.subscriptions.length === 1 ? input.subscriptions[0]! : null;
  const next = (s: SubscriptionConfirmationInput['subscriptions'][number]) =>
    s.nextBillingDate ? `Next payment: ${s.nextBillingDate}.` : 'This was the last payment of the plan.';
  const text =
    `Thank you for subscribing (order #${input.orderNumber}).\n\n` +
    input.subscriptions.map((s) => `${s.title}: ${s.priceText}\n  ${next(s)}${s.manageUrl ? `\n  Manage it: ${s.manageUrl}` : ''}`).join('\n\n') +
    `\n\nYour subscription: ${input.orderStatusUrl}\n`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Thank you for subscribing</h1>` +
    `<p>Order #${input.orderNumber}.</p>` +
    input.subscriptions
      .map(
        (s) =>
          `<p style="margin:16px 0"><strong>${escapeHtml(s.title)}</strong><br>${escapeHtml(s.priceText)}<br>` +
          `<span style="color:#555">${escapeHtml(next(s))}</span>` +
          (s.manageUrl ? `<br><a href="${escapeHtml(s.manageUrl)}">Manage this subscription</a>` : '') +
          `</p>`,
      )
      .join('') +
    button(input.orderStatusUrl, 'View your subscription');
  return {
    subject: one ? `Your subscription to ${one.title}` : `Your subscriptions from ${site.siteTitle} (#${input.orderNumber})`,
    text,
    html: htmlLayout({ site, bodyHtml }),
  };
}

registerMailTemplate('gift-card-code', giftCardCodeMail);
registerMailTemplate('digital-download', digitalDownloadMail);
registerMailTemplate('subscription-confirmation', subscriptionConfirmationMail);

/** A time as a site's language and time zone write it ("May 1, 2026 at 5:00 PM"). */
export function siteTime(ms: number, language: string, timeZone: string): string {
  for (const locale of [language, 'en-US']) {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(ms);
    } catch {
      // an unknown locale or zone: the next try
    }
  }
  return new Date(ms).toISOString();
}

export function siteDate(ms: number, language: string, timeZone: string): string {
  for (const locale of [language, 'en-US']) {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(ms);
    } catch {
      // as above
    }
  }
  return new Date(ms).toISOString().slice(0, 10);
}
