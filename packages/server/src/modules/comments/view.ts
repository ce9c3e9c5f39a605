import type { SiteSnapshot } from '../site/index.js';
import type { CommentRow } from './store.js';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A comment's date and time as the site shows it: in the site's time zone and language. */
export function commentDate(s: SiteSnapshot, epoch: number, language = s.language): string {
  const key = `${language}|${s.timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: s.timeZone || 'UTC' });
    formats.set(key, format);
  }
  return format.format(epoch);
}

/**
 * A comment as the site shows it (the page context's `comments.list`, the visitor's answer): the
 * name, the text and the date; never the email, which is the owner's only.
 */
export function commentView(s: SiteSnapshot, r: CommentRow, language?: string) {
  return {
    id: r.id,
    itemId: r.item_id,
    status: r.status,
    authorName: r.author_name,
    text: r.body,
    bySite: r.by_site === 1,
    created: Number(r.created_on),
    createdText: commentDate(s, Number(r.created_on), language),
  };
}
