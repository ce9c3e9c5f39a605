import sanitizeHtml from 'sanitize-html';
import { isValidLink } from '@tessera/core/layout';

/**
 * Rich text as the editor writes it (text blocks, accordion answers), cut on the server to what
 * the editor can make: headings, paragraphs, lists, quotes, links, bold and italic. Whatever the
 * browser sends, no script, event handler, style or `javascript:` link is ever stored or served.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'blockquote', 'a', 'strong', 'b', 'em', 'i', 'u', 's', 'code'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of a removed element stays (a <span> or <div> pasted from elsewhere), but never a script's or a style's.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const out: Record<string, string> = {};
      if (href && isValidLink(href)) out.href = href;
      // A link opened in a new tab never hands the opener to the other site.
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** Plain text of a piece of rich text (search, excerpts, alt text fallbacks). */
export function richTextToPlain(html: string): string {
  // Blocks end with a space so that a heading and the paragraph under it do not run together.
  const spaced = html.replace(/<\/(?:h\d|p|li|blockquote)>|<br\s*\/?>/gi, '$& ');
  const escaped = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  // sanitize-html writes text escaped for HTML; plain text is what a visitor reads and types.
  return escaped
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
