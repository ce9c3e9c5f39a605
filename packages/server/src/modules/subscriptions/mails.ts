import { escapeHtml } from '@tessera/core/html';
import { htmlLayout, type MailSite } from '../../mail/layout.js';
import type { MailContent } from '../../mail/message.js';
import { registerMailTemplate } from '../../mail/index.js';
import { siteSender } from '../../mail/site.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { storeRules, type CommerceDeps } from '../commerce/index.js';
import { siteTime } from '../commerce-mail/index.js';
import type { FailureReason, SubscriptionRow } from './claim.js';
import { subscriptionToken } from './tokens.js';

/**
 * The mails of a subscription's life after its first order: a renewal that failed (the amount, why
 * in plain words, when it is tried again and the link to update the payment method), the end of a
 * subscription whose last retry failed, and a cancellation. The renewal's receipt is the order
 * confirmation every paid order gets. Each carries the customer's signed subscription link.
 */
interface PaymentFailedInput {
  readonly title: string;
  readonly amount: string;
  readonly reason: string;
  readonly retryOn: string;
  readonly manageUrl: string;
}

interface EndedInput {
  readonly title: string;
  readonly amount: string;
  readonly manageUrl: string;
}

interface CanceledInput {
  readonly title: string;
  /** The end of the period paid for, as the site writes it; null when nothing was paid ahead. */
  readonly paidUntil: string | null;
  readonly manageUrl: string;
}

declare module '../../mail/templates/index.js' {
  interface MailKinds {
    'subscription-payment-failed': PaymentFailedInput;
    'subscription-ended': EndedInput;
    'subscription-canceled': CanceledInput;
  }
}

/** Why a renewal was not paid, as the customer reads it. */
const FAILURE_WORDS: Record<FailureReason, string> = {
  declined: 'Your card was declined.',
  out_of_stock: 'The item is out of stock right now, so we could not send it.',
  no_method: 'There is no payment method on file for this subscription.',
  error: 'The payment could not be processed.',
};

const button = (url: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#222;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(label)}</a></p>`;

function paymentFailedMail(input: PaymentFailedInput, site: MailSite): MailContent {
  const text =
    `We could not renew your subscription to ${input.title} (${input.amount}).\n\n` +
    `${input.reason}\n\n` +
    `We will try again on ${input.retryOn}. To keep your subscription, update your payment method:\n${input.manageUrl}\n`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Your payment did not go through</h1>` +
    `<p>We could not renew your subscription to <strong>${escapeHtml(input.title)}</strong> (${escapeHtml(input.amount)}).</p>` +
    `<p>${escapeHtml(input.reason)}</p>` +
    `<p>We will try again on ${escapeHtml(input.retryOn)}. To keep your subscription, update your payment method.</p>` +
    button(input.manageUrl, 'Update payment method');
  return { subject: `Action needed: your subscription to ${input.title}`, text, html: htmlLayout({ site, bodyHtml }) };
}

function endedMail(input: EndedInput, site: MailSite): MailContent {
  const text =
    `Your subscription to ${input.title} has ended: we could not take its payment of ${input.amount} after several tries.\n\n` +
    `What it gave you has ended with it. You can subscribe again at any time.\n\nYour subscription: ${input.manageUrl}\n`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Your subscription has ended</h1>` +
    `<p>We could not take the payment of ${escapeHtml(input.amount)} for <strong>${escapeHtml(input.title)}</strong> after several tries, so it has ended.</p>` +
    `<p>What it gave you has ended with it. You can subscribe again at any time.</p>` +
    button(input.manageUrl, 'View your subscription');
  return { subject: `Your subscription to ${input.title} has ended`, text, html: htmlLayout({ site, bodyHtml }) };
}

function canceledMail(input: CanceledInput, site: MailSite): MailContent {
  const until = input.paidUntil ? `What you paid for runs until ${input.paidUntil}.` : 'Nothing more will be charged.';
  const text = `Your subscription to ${input.title} is canceled: it will not renew.\n\n${until}\n\nYour subscription: ${input.manageUrl}\n`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Your subscription is canceled</h1>` +
    `<p><strong>${escapeHtml(input.title)}</strong> will not renew.</p><p>${escapeHtml(until)}</p>` +
    button(input.manageUrl, 'View your subscription');
  return { subject: `Your subscription to ${input.title} is canceled`, text, html: htmlLayout({ site, bodyHtml }) };
}

registerMailTemplate('subscription-payment-failed', paymentFailedMail);
registerMailTemplate('subscription-ended', endedMail);
registerMailTemplate('subscription-canceled', canceledMail);

type Mail =
  | { kind: 'subscription-payment-failed'; reason: FailureReason; retryOn: number; cents: number }
  | { kind: 'subscription-ended'; reason: 'payment_failed'; cents: number }
  | { kind: 'subscription-canceled'; paidUntil: number | null };

/** The customer's signed page of a subscription, absolute. */
async function manageUrl(deps: CommerceDeps, baseUrl: string, sub: { id: string; website_id: string }): Promise<string> {
  return `${baseUrl}/commerce/subscription?token=${await subscriptionToken(deps.signer, sub.website_id, sub.id)}`;
}

/** Writes one of these mails to the outbox, in the caller's transaction (after `signer.ready`). */
export async function sendSubscriptionMail(deps: CommerceDeps, s: SiteSnapshot, tx: Executor, sub: SubscriptionRow, mail: Mail): Promise<void> {
  if (!deps.mail) return;
  const first = await tx.selectFrom('orders').select('base_url').where('id', '=', sub.order_id).executeTakeFirst();
  const baseUrl = (first?.base_url ?? '').replace(/\/$/, '');
  const sender = siteSender(s, baseUrl, deps.mailFrom);
  const url = await manageUrl(deps, baseUrl, sub);
  const format = storeRules(s).format;
  const base = { websiteId: s.website.id, to: sub.customer_email, from: sender.from, site: sender.site };
  const when = (ms: number) => siteTime(ms, s.language, s.timeZone);
  if (mail.kind === 'subscription-payment-failed') {
    const input = { title: sub.title, amount: format(mail.cents), reason: FAILURE_WORDS[mail.reason], retryOn: when(mail.retryOn), manageUrl: url };
    await deps.mail.send(tx, { ...base, kind: mail.kind, input });
  } else if (mail.kind === 'subscription-ended') {
    await deps.mail.send(tx, { ...base, kind: mail.kind, input: { title: sub.title, amount: format(mail.cents), manageUrl: url } });
  } else {
    const input = { title: sub.title, paidUntil: mail.paidUntil === null ? null : when(mail.paidUntil), manageUrl: url };
    await deps.mail.send(tx, { ...base, kind: mail.kind, input });
  }
}
