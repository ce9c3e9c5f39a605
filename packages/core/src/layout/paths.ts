import { EDITOR_VALIDATION_MESSAGES, fillMessage } from '../validation/messages.js';

/**
 * First path segments the server routes itself: no page, collection or folder may take one as its
 * URL slug, or the page would never be reached (the cart, the studio, the APIs...). Kept in one
 * place for the site directory's checks and the studio's page settings.
 */
export const RESERVED_PATHS: readonly string[] = Object.freeze([
  'api',
  'assets',
  'static',
  'theme',
  'cart',
  'checkout',
  'search',
  'healthz',
  'commerce',
  'config',
  'account',
  'favicon.ico',
  'robots.txt',
]);

/** A URL slug: letters, digits, "-", "_" and ".", starting with a letter or digit. */
const PAGE_URL = /^[a-z0-9][a-z0-9\-_.]*$/i;

/** Longest slug the studio accepts: a URL segment people can still read and type. */
export const PAGE_URL_MAX_LENGTH = 100;

/** Whether a slug is one of the server's own first path segments. */
export function isReservedPath(urlId: string): boolean {
  return RESERVED_PATHS.includes(urlId.toLowerCase());
}

/** Whether a slug may name a page: the allowed characters, not too long, and not a reserved path. */
export function isValidPageUrl(urlId: string): boolean {
  return urlId.length <= PAGE_URL_MAX_LENGTH && PAGE_URL.test(urlId) && !isReservedPath(urlId);
}

/** The spec's "{val} is not a valid page URL", filled with the slug. */
export function notValidPageUrlMessage(urlId: string): string {
  return fillMessage(EDITOR_VALIDATION_MESSAGES.notValidPageUrl, { val: urlId });
}

/** A slug made from a title: lowercase words joined by "-" ("Our Workshops!" gives "our-workshops"). */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? 'page' : slug;
}
