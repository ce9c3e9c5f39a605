import type { FastifyRequest } from 'fastify';

const BASE = 'http://tessera.invalid';

/**
 * A redirect target that stays on this site and can be sent in a Location header: a path from the
 * root (never `//host` or `/\host`, which browsers read as another site), with non-ASCII and control
 * characters percent-encoded (a raw one makes Node refuse the header). Anything else gives `fallback`.
 */
export function safeRedirectTarget(raw: unknown, fallback: string): string {
  if (typeof raw !== 'string' || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // The URL parser encodes spaces, controls and non-ASCII characters; what is left must be a header-safe path.
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(target) ? target : fallback;
}

/**
 * The request's path as the router decoded it (`/%61pi/x` -> `/api/x`), for the few decisions made
 * where no route matched (the not-found answer). Matched routes are decided on their route options.
 */
function decodedPath(request: FastifyRequest): string {
  const raw = request.url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether the request is for the JSON API: its matched route says so, else its decoded path. */
export function isApiRequest(request: FastifyRequest): boolean {
  const surface = request.routeOptions.config?.surface;
  if (surface) return surface === 'api';
  return decodedPath(request).startsWith('/api/');
}
