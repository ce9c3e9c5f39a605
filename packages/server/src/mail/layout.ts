import { escapeHtml } from '@tessera/core/html';

/** The site a mail speaks for. */
export interface MailSite {
  readonly siteTitle: string;
  /** The site's address (`https://shop.example`), for links in the mail. */
  readonly baseUrl: string;
}

export interface LayoutParts {
  readonly site: MailSite;
  /** The HTML of the message itself (already escaped where it holds text). */
  readonly bodyHtml: string;
  /** Mailing-list mail: the signed unsubscribe link shown at the foot of every such mail. */
  readonly unsubscribeUrl?: string;
}

/**
 * The HTML around every mail: a plain, single-column page with inline styles (mail clients
 * ignore style sheets), the site's name on top and, for mailing-list mail, the unsubscribe link.
 */
export function htmlLayout({ site, bodyHtml, unsubscribeUrl }: LayoutParts): string {
  const title = escapeHtml(site.siteTitle);
  const unsubscribe = unsubscribeUrl
    ? `<p style="margin:24px 0 0;font-size:12px;color:#666">Don't want these emails? <a href="${escapeHtml(unsubscribeUrl)}" style="color:#666">Unsubscribe</a>.</p>`
    : '';
  return (
    '<!doctype html>\n<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    `<title>${title}</title></head>` +
    '<body style="margin:0;padding:24px;background:#f6f6f6;font:16px/1.5 -apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#222">' +
    '<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-radius:6px">' +
    `<p style="margin:0 0 16px;font-weight:600">${title}</p>\n${bodyHtml}\n${unsubscribe}` +
    '</div></body></html>\n'
  );
}

/** The plain-text foot of mailing-list mail. */
export function textFooter(unsubscribeUrl?: string): string {
  return unsubscribeUrl ? `\n\n--\nDon't want these emails? Unsubscribe: ${unsubscribeUrl}\n` : '\n';
}

/** The headers that let mail clients offer their own unsubscribe button (RFC 2369). */
export function listHeaders(unsubscribeUrl?: string): Record<string, string> {
  return unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>` } : {};
}
