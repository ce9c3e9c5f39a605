import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import zlib from 'node:zlib';
import { PLAYER_ORIGINS } from '../media/embeds/providers.js';

/**
 * The Content-Security-Policy: the site's own scripts and styles only. The page's JSON context is
 * an inline `<script type="application/json">`, which is data, not script, so it needs no exception.
 * Inline style attributes are allowed because theme markup and the engine's snippets use them.
 * No upgrade-insecure-requests: plain http://localhost must keep working. Frames: the site's own
 * pages and the players of the providers whose videos and tracks the media library embeds, only
 * those (media/embeds/providers.ts).
 */
const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'https:'],
  'frame-src': ["'self'", ...PLAYER_ORIGINS],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

const cspOf = (directives: Readonly<Record<string, readonly string[]>>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');

/**
 * The pages that load Stripe.js (a site's checkout, and its product and cart pages when the
 * wallets' express checkout is on) get the exceptions Stripe documents for its script and its
 * payment forms' frames: the script and frames from js.stripe.com and its subdomains, calls to
 * api.stripe.com, and the 3-D Secure frames of hooks.stripe.com. Every other page keeps the strict
 * policy above.
 */
const STRIPE_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  ...CSP_DIRECTIVES,
  'script-src': [...CSP_DIRECTIVES['script-src']!, 'https://js.stripe.com', 'https://*.js.stripe.com'],
  'connect-src': [...CSP_DIRECTIVES['connect-src']!, 'https://api.stripe.com'],
  'frame-src': [...CSP_DIRECTIVES['frame-src']!, 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};
export const STRIPE_CONTENT_SECURITY_POLICY = cspOf(STRIPE_DIRECTIVES);

const pagePolicies = new Map<string, string>();

/**
 * The policy of a page that differs from the site's default, or undefined: Stripe's exceptions when
 * it loads Stripe.js, the origins of images it shows from elsewhere (a map block's tiles, from
 * the site's tile source), each added to img-src, and the sources the site's integrations need
 * (`sources`, directive -> sources: the marketing tags a site's owner configured). Made once per combination.
 */
export function pageContentSecurityPolicy(page: {
  stripe: boolean;
  imageOrigins: readonly string[];
  sources?: Readonly<Record<string, readonly string[]>> | undefined;
}): string | undefined {
  const sources = page.sources && Object.keys(page.sources).length > 0 ? page.sources : undefined;
  if (!page.stripe && page.imageOrigins.length === 0 && !sources) return undefined;
  if (page.imageOrigins.length === 0 && !sources) return STRIPE_CONTENT_SECURITY_POLICY;
  const key = `${page.stripe}\0${page.imageOrigins.join(' ')}\0${sources ? JSON.stringify(sources) : ''}`;
  let policy = pagePolicies.get(key);
  if (!policy) {
    if (pagePolicies.size > 100) pagePolicies.clear();
    const base = page.stripe ? STRIPE_DIRECTIVES : CSP_DIRECTIVES;
    const directives: Record<string, readonly string[]> = { ...base, 'img-src': [...base['img-src']!, ...page.imageOrigins] };
    for (const [name, added] of Object.entries(sources ?? {})) directives[name] = [...(directives[name] ?? []), ...added];
    policy = cspOf(directives);
    pagePolicies.set(key, policy);
  }
  return policy;
}

/**
 * Security headers, the set Helmet sends, computed once. (@fastify/helmet builds Helmet's middleware
 * anew on every request: measured here, it took a static route from about 40,000 to 10,000
 * requests per second, so Tessera sets the same headers itself.)
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': cspOf(CSP_DIRECTIVES),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}

/** gzip and brotli for text answers; brotli at a moderate quality so compression never dominates a request. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
