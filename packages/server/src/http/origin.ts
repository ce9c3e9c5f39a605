import type { FastifyRequest } from 'fastify';

/**
 * Where a request came from, and the address that absolute links point to. The Host header is the
 * client's to choose: a link built from it (a password reset, a download, an unsubscribe link) could
 * send a visitor's secret to another server. So links come from the site's configured origin
 * (docs/security.md): `PUBLIC_URL` for the default site; else the request's own host when the site
 * lists it (or it is a loopback name, so that a fresh `npm start` on localhost works with no
 * configuration); else the site's first listed public host; else the address printed at start.
 */

/** A Host (or X-Forwarded-Host) value that is a plain host name or address with an optional port. */
const AUTHORITY =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*\.?|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function validAuthority(value: string | undefined): value is string {
  return typeof value === 'string' && value.length <= 260 && AUTHORITY.test(value);
}

/** The host name of an authority, lowercased, without port or trailing dot ("[::1]:3000" -> "[::1]"). */
export function hostnameOf(authority: string): string {
  const host = authority.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0]!.replace(/\.$/, '');
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

function isLoopback(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** "host:port" of an origin or URL, without the scheme's default port; null when it is not an http(s) origin. */
function authorityOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.host.toLowerCase();
  } catch {
    return null;
  }
}

function requestAuthority(request: FastifyRequest): string | null {
  const host = request.host;
  if (!validAuthority(host)) return null;
  return authorityOf(`${request.protocol}://${host}`);
}

/**
 * Whether a request that changes state came from a page of this site: a browser says so in
 * Sec-Fetch-Site and Origin. Requests without either (curl, servers, older browsers) pass: the crumb
 * is what guards them. An `Origin: null` (a sandboxed or privacy-hidden sender) does not pass.
 */
export function sameSiteRequest(request: FastifyRequest, publicUrl: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const from = typeof origin === 'string' ? authorityOf(origin) : null;
  if (!from) return false;
  if (from === requestAuthority(request)) return true;
  return publicUrl !== '' && from === authorityOf(publicUrl);
}

/** What the origin of a site's links depends on. */
export interface OriginSite {
  /** The host names the site lists (site.json `hosts`), lowercased. */
  readonly hosts: readonly string[];
  readonly isDefault: boolean;
}

export interface OriginConfig {
  readonly publicUrl: string;
  /** The address printed at start (displayUrl): the last resort. */
  readonly fallback: string;
}

/** The scheme, host and port (no trailing slash) of every absolute URL made for this request's site. */
export function siteOrigin(request: FastifyRequest, site: OriginSite, config: OriginConfig): string {
  if (config.publicUrl && site.isDefault) return config.publicUrl.replace(/\/+$/, '');
  const host = request.host;
  if (validAuthority(host)) {
    const name = hostnameOf(host);
    if (site.hosts.includes(name) || isLoopback(name)) return `${request.protocol}://${host.toLowerCase()}`;
  }
  const named = site.hosts.find((h) => !isLoopback(h));
  if (named) return `${request.protocol}://${named}`;
  return config.fallback.replace(/\/+$/, '');
}
