import { escapeHtml } from '@tessera/core/html';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { registerMailTemplate } from '../../mail/index.js';
import { htmlLayout, type MailSite } from '../../mail/layout.js';
import type { MailContent } from '../../mail/message.js';
import { siteSender } from '../../mail/site.js';
import { ROLE_MATRIX } from '../../permissions.js';
import type { Executor } from '../../storage/statement.js';
import { SYSTEM, recordOrderEvent } from '../checkout/index.js';
import { storeRules } from '../commerce/index.js';
import type { SiteSnapshot } from '../site/index.js';

interface PaymentDisputeInput {
  readonly orderNumber: number;
  /** "$42.00" */
  readonly amount: string;
  /** Stripe's reason, in words ("product not received"). */
  readonly reason: string;
  /** "March 3, 2026" or null when Stripe gave no date. */
  readonly respondBy: string | null;
  /** Absolute: the order's page in the studio. */
  readonly orderUrl: string;
}

declare module '../../mail/templates/index.js' {
  interface MailKinds {
    'payment-dispute': PaymentDisputeInput;
  }
}

function paymentDisputeMail(input: PaymentDisputeInput, site: MailSite): MailContent {
  const by = input.respondBy ? ` Answer it in your Stripe dashboard by ${input.respondBy}, or it is lost.` : ' Answer it in your Stripe dashboard.';
  const text =
    `A customer disputed the payment of order #${input.orderNumber} on ${site.siteTitle}: ${input.amount}, reason: ${input.reason}.` +
    `${by}\n\nThe money is held by Stripe until the dispute ends.\n\nOpen the order: ${input.orderUrl}\n`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Payment disputed: order #${input.orderNumber}</h1>` +
    `<p>A customer disputed the payment of <strong>${escapeHtml(input.amount)}</strong> (reason: ${escapeHtml(input.reason)}).${escapeHtml(by)}</p>` +
    `<p>The money is held by Stripe until the dispute ends.</p>` +
    `<p style="margin:24px 0"><a href="${escapeHtml(input.orderUrl)}" style="background:#222;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">Open the order</a></p>`;
  return { subject: `Payment disputed: order #${input.orderNumber} (${input.amount})`, text, html: htmlLayout({ site, bodyHtml }) };
}

registerMailTemplate('payment-dispute', paymentDisputeMail);

/**
 * Mails a new dispute to the site's staff who may manage orders (the owner and store managers),
 * inside the transaction that records it, with a line on the order's timeline for each. The site
 * is read before that transaction (on SQLite a read inside would wait for the transaction's connection).
 */
export async function disputeMail(
  app: FastifyInstance,
  tx: Executor,
  websiteId: string,
  s: SiteSnapshot,
  d: { order: { id: string; order_number: number; base_url: string | null }; dispute: Stripe.Dispute; now: number },
): Promise<void> {
  const { mail, config } = app.deps;
  if (!mail) return;
  const staff = await tx
    .selectFrom('owner_accounts')
    .select('email')
    .where('website_id', '=', websiteId)
    .where('website_role', 'in', [...ROLE_MATRIX.manageOrders])
    .orderBy('email')
    .execute();
  const baseUrl = (d.order.base_url ?? '').replace(/\/$/, '');
  const sender = siteSender(s, baseUrl, config.mailFrom);
  const due = d.dispute.evidence_details?.due_by;
  const input: PaymentDisputeInput = {
    orderNumber: d.order.order_number,
    amount: storeRules(s).format(d.dispute.amount),
    reason: String(d.dispute.reason ?? 'general').replaceAll('_', ' '),
    respondBy: due ? new Date(due * 1000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: s.timeZone || 'UTC' }) : null,
    orderUrl: `${baseUrl}/config/orders/${d.order.id}`,
  };
  for (const { email } of staff) {
    await mail.send(tx, { websiteId, kind: 'payment-dispute', to: email, from: sender.from, site: sender.site, input });
    await recordOrderEvent(tx, websiteId, d.order.id, 'mail', SYSTEM, d.now, { kind: 'dispute', to: email });
  }
}
