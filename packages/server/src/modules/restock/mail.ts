import { htmlLayout, type MailSite } from '../../mail/layout.js';
import { escapeHtml } from '@tessera/core/html';
import type { MailContent } from '../../mail/message.js';
import { registerMailTemplate } from '../../mail/index.js';

/**
 * The restock notice: the variant a visitor signed up for is back in stock. One per signup, sent
 * once (modules/restock/sender.ts); a transactional notice, not a mailing, so it has no
 * unsubscribe foot: the visitor is not mailed about this variant again unless they sign up again.
 */
interface RestockNoticeInput {
  readonly productTitle: string;
  /** "Colour: Sand, Size: 12 oz"; empty for a product without choices. */
  readonly variantText: string;
  /** Absolute link to the product page. */
  readonly productUrl: string;
  /** Absolute link to the product's picture, or null. */
  readonly imageUrl: string | null;
}

declare module '../../mail/templates/index.js' {
  interface MailKinds {
    'restock-notice': RestockNoticeInput;
  }
}

function restockNoticeMail(input: RestockNoticeInput, site: MailSite): MailContent {
  const what = input.variantText ? `${input.productTitle} (${input.variantText})` : input.productTitle;
  const text =
    `Good news: ${what} is back in stock at ${site.siteTitle}.\n\n` +
    `Shop now: ${input.productUrl}\n\n` +
    `You asked ${site.siteTitle} to tell you when this item is back in stock. This is the only email you will get about it.\n`;
  const image = input.imageUrl
    ? `<p style="margin:0 0 16px"><img src="${escapeHtml(input.imageUrl)}" alt="" width="160" style="max-width:160px;height:auto;border-radius:4px"></p>`
    : '';
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">Back in stock</h1>${image}` +
    `<p><strong>${escapeHtml(input.productTitle)}</strong>${input.variantText ? ` <span style="color:#555">(${escapeHtml(input.variantText)})</span>` : ''} is back in stock.</p>` +
    `<p style="margin:24px 0"><a href="${escapeHtml(input.productUrl)}" style="background:#222;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">Shop now</a></p>` +
    `<p style="color:#666;font-size:14px">You asked ${escapeHtml(site.siteTitle)} to tell you when this item is back in stock. This is the only email you will get about it.</p>`;
  return { subject: `Back in stock: ${input.productTitle}`, text, html: htmlLayout({ site, bodyHtml }) };
}

registerMailTemplate('restock-notice', restockNoticeMail);
