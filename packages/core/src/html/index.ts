/**
 * Escaping text for HTML, one source for the engine, the server's pages and its mail. Three places
 * text lands, three needs:
 *
 * - `escapeHtmlText`: a text node. Only `&`, `<` and `>` can change what the markup means there, and
 *   quotes stay as they are (the JSON-T `html` formatter's output, which the format fixes).
 * - `escapeHtmlAttr`: a double-quoted attribute value, so `"` too (the `htmlattr` formatter's output).
 * - `escapeHtml`: either, with either quote: `'` as well (`&#39;`). The server writes every text and
 *   attribute value of its own pages and mail with it, so one call is right wherever the text goes.
 *
 * Most text has nothing to escape: one native regex search finds that (and where the first special
 * character is); otherwise one pass copies the runs between the characters to escape.
 */

const TEXT_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&<>"]/;
const ANY_SPECIAL = /[&<>"']/;

/** What is escaped besides & < >: nothing (0), the double quote (1), or both quotes (2). */
type Quotes = 0 | 1 | 2;

function escapeFrom(s: string, first: number, quotes: Quotes): string {
  let out = '';
  let last = 0;
  for (let i = first; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let entity: string;
    if (c === 38) entity = '&amp;';
    else if (c === 60) entity = '&lt;';
    else if (c === 62) entity = '&gt;';
    else if (c === 34 && quotes !== 0) entity = '&quot;';
    else if (c === 39 && quotes === 2) entity = '&#39;';
    else continue;
    out += s.slice(last, i) + entity;
    last = i + 1;
  }
  return out + s.slice(last);
}

/** Text for a text node: `&`, `<` and `>` escaped, quotes kept. */
export function escapeHtmlText(s: string): string {
  const first = s.search(TEXT_SPECIAL);
  return first < 0 ? s : escapeFrom(s, first, 0);
}

/** Text for a double-quoted attribute value: `&`, `<`, `>` and `"` escaped. */
export function escapeHtmlAttr(s: string): string {
  const first = s.search(ATTR_SPECIAL);
  return first < 0 ? s : escapeFrom(s, first, 1);
}

/** Text for anywhere in a page or a mail (a text node, an attribute value in either quote): `& < > " '` escaped. */
export function escapeHtml(s: string): string {
  const first = s.search(ANY_SPECIAL);
  return first < 0 ? s : escapeFrom(s, first, 2);
}
