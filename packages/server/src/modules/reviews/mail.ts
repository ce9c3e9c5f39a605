import { htmlLayout, type MailSite } from '../../mail/layout.js';
import { escapeHtml } from '@tessera/core/html';
import type { MailContent } from '../../mail/message.js';
import { registerMailTemplate } from '../../mail/index.js';

/**
 * The review request: a while after an order (the site's `reviewRequestDelayHours`, through the
 * outbox's due time), the buyer is asked to rate the order's products, on the review-request page
 * (page type 209) reached by a link bound to the order.
 */
interface ReviewRequestInput {
  readonly orderNumber: number;
  readonly products: readonly { readonly title: string }[];
  /** Absolute, signed for the order. */
  readonly reviewUrl: string;
}

declare module '../../mail/templates/index.js' {
  interface MailKinds {
    'review-request': ReviewRequestInput;
  }
}

function reviewRequestMail(input: ReviewRequestInput, site: MailSite): MailContent {
  const one = input.products.length === 1;
  const what = one ? input.products[0]!.title : 'what you bought';
  const text =
    `Thank you again for your order #${input.orderNumber} from ${site.siteTitle}.\n\n` +
    `How do you like ${what}? Your review helps other customers choose.\n\n` +
    `${input.products.map((p) => `- ${p.title}`).join('\n')}\n\n` +
    `Write a review: ${input.reviewUrl}\n`;
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">How do you like ${escapeHtml(what)}?</h1>` +
    `<p>Thank you again for your order #${input.orderNumber}. Your review helps other customers choose.</p>` +
    `<ul style="padding-left:20px">${input.products.map((p) => `<li>${escapeHtml(p.title)}</li>`).join('')}</ul>` +
    `<p style="margin:24px 0"><a href="${escapeHtml(input.reviewUrl)}" style="background:#222;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">Write a review</a></p>`;
  return {
    subject: one ? `How do you like ${input.products[0]!.title}?` : `How was your order #${input.orderNumber}?`,
    text,
    html: htmlLayout({ site, bodyHtml }),
  };
}

registerMailTemplate('review-request', reviewRequestMail);
