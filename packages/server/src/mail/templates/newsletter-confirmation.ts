import { htmlLayout, listHeaders, textFooter, type MailSite } from '../layout.js';
import { escapeHtml } from '@tessera/core/html';
import type { MailContent } from '../message.js';

/** Double opt-in: the mail that asks a new subscriber to confirm their address. */
export interface NewsletterConfirmationMailInput {
  readonly email: string;
  /** The signed confirmation link. */
  readonly confirmUrl: string;
  /** The signed unsubscribe link (every mailing carries one). */
  readonly unsubscribeUrl: string;
}

export function newsletterConfirmationMail(input: NewsletterConfirmationMailInput, site: MailSite): MailContent {
  const text =
    `Please confirm your subscription to the newsletter of ${site.siteTitle}.\n\n` +
    `Confirm ${input.email}: ${input.confirmUrl}\n\n` +
    `If you did not ask for this, ignore this email: you will not be subscribed.${textFooter(input.unsubscribeUrl)}`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Confirm your subscription</h1>` +
    `<p>Please confirm that <strong>${escapeHtml(input.email)}</strong> should receive the newsletter of ${escapeHtml(site.siteTitle)}.</p>` +
    `<p style="margin:24px 0"><a href="${escapeHtml(input.confirmUrl)}" style="background:#222;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">Confirm subscription</a></p>` +
    `<p style="color:#666;font-size:14px">If you did not ask for this, ignore this email: you will not be subscribed.</p>`;
  return {
    subject: `Confirm your subscription to ${site.siteTitle}`,
    text,
    html: htmlLayout({ site, bodyHtml, unsubscribeUrl: input.unsubscribeUrl }),
    headers: listHeaders(input.unsubscribeUrl),
  };
}
