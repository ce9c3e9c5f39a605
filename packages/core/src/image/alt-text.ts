/** Body text used as alt text is cut to this many characters. */
export const ALT_TEXT_BODY_MAX_LENGTH = 250;

/** Drops HTML tags, each replaced by one space, as alt text built from a body needs. */
export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ');
}

export interface ImageTextFields {
  readonly altText?: unknown;
  readonly title?: unknown;
  readonly body?: unknown;
  readonly filename?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * An image's alt text: its own altText when set, stripped of tags as both reference engines strip it;
 * else the title; else the body stripped of tags and cut to 250 characters; else the file name; else empty.
 */
export function imageAltText(image: ImageTextFields): string {
  const alt = text(image.altText);
  if (alt !== undefined) return stripTags(alt);
  const own = text(image.title);
  if (own !== undefined) return own;
  const body = text(image.body);
  if (body !== undefined) return [...stripTags(body)].slice(0, ALT_TEXT_BODY_MAX_LENGTH).join('');
  return text(image.filename) ?? '';
}
