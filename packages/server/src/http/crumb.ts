import type {} from '@fastify/cookie';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import type { Permission } from '../permissions.js';
import { sameSiteRequest } from './origin.js';

/**
 * Why a state-changing route takes no crumb header, declared on the route itself (docs/security.md):
 * - `beacon`: an anonymous, append-only record from the storefront's collectors, often sent by
 *   navigator.sendBeacon, which cannot set a header; guarded by payload checks, size and rate limits;
 * - `form-body`: the crumb comes in the form body and the handler checks it (`crumbMatches`);
 * - `refuses`: the route only ever answers an error (unknown paths for unsafe methods).
 * - `signed`: a call from a payment provider's servers (its webhook), not from a browser: it has no
 *   crumb and no Origin of the site, and its handler checks the provider's signature of the body instead.
 */
export type CrumbExemption = 'beacon' | 'form-body' | 'refuses' | 'signed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Unset: the route's unsafe methods need the crumb header. */
    crumbExempt?: CrumbExemption;
    /** A locked site (lock screen) still answers this API route: the unlock, the owner's sign-in, unsubscribing, the collectors. */
    openWhenLocked?: boolean;
    /** A write of visitor telemetry (page views, events, page speed, client errors): it changes no page. */
    telemetry?: boolean;
    /** false: a write that changes no page anyone else sees (a visitor's own cart), so kept pages stay. */
    changesPages?: false;
    /** A page that shows the visitor's cart itself (the cart, checkout): never a kept page for a visitor with a cart. */
    visitorPage?: boolean;
    /** Set from the route table when the route is registered: `api` for the JSON API under /api/, `page` for everything else. */
    surface?: 'api' | 'page';
  }
}

/**
 * CSRF crumb: page responses set a random `crumb` cookie (SameSite=Lax, readable by the storefront
 * script); every state-changing route must have the same value sent back in the X-CSRF-Token
 * header, else 403 CRUMB_FAIL with `crumbFail: true`. Which routes need it is decided on the route
 * the router matched (its declared `crumbExempt`), never on the text of the request's URL: the router
 * decodes the path, so `/%61pi/...` reaches the same handler as `/api/...` and must meet the same check.
 */
export const CRUMB_COOKIE = 'crumb';
const CRUMB_HEADER = 'x-csrf-token';
const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Random bytes are drawn in blocks: one system call serves 256 crumbs.
let pool = Buffer.alloc(0);
let offset = 0;
function newCrumb(): string {
  if (offset + 16 > pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  const crumb = pool.toString('base64url', offset, offset + 16);
  offset += 16;
  return crumb;
}

function sameCrumb(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether a sent crumb matches the visitor's crumb cookie (timing-safe). */
export function crumbMatches(request: FastifyRequest, sent: unknown): boolean {
  const cookie = request.cookies[CRUMB_COOKIE];
  return !!cookie && typeof sent === 'string' && sameCrumb(cookie, sent);
}

/**
 * The checks of every state-changing request, on its matched route: the request must come from
 * this site (Origin and Sec-Fetch-Site), and carry the crumb unless its route is exempt.
 */
function checkStateChange(request: FastifyRequest, publicUrl: string): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const exempt = request.routeOptions.config.crumbExempt;
  if (exempt === 'refuses' || exempt === 'signed') return;
  if (!sameSiteRequest(request, publicUrl)) throw new AppError('CROSS_SITE_REQUEST');
  if (exempt) return;
  if (!crumbMatches(request, request.headers[CRUMB_HEADER])) throw new AppError('CRUMB_FAIL');
}

/** Sets the crumb cookie on a page response when the visitor has none yet; returns the crumb in force. */
export function ensureCrumb(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CRUMB_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const crumb = newCrumb();
  reply.setCookie(CRUMB_COOKIE, crumb, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false, // the storefront reads it to send the X-CSRF-Token header
    secure: request.protocol === 'https',
  });
  return crumb;
}

/**
 * Whether a registered route belongs to the JSON API, decided once from the route table. Routes whose
 * first segment is a parameter or a wildcard (`/:collection/:item`, `/*`) also match decoded API paths:
 * for them the decoded path decides (http/paths.ts `isApiRequest`).
 */
function surfaceOf(route: RouteOptions): 'api' | 'page' | undefined {
  if (route.url.startsWith('/api/')) return 'api';
  return /^\/[:*]/.test(route.url) ? undefined : 'page';
}

/** A route as registered, with what its options say about the checks (the table tests walk). */
export interface RouteEntry {
  method: string;
  url: string;
  crumbExempt: CrumbExemption | undefined;
  openWhenLocked: boolean;
  surface: 'api' | 'page' | undefined;
  /** The permission the route declares (modules/admin/permission.ts enforces it). */
  permission: Permission | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route and method registered, in order (docs/security.md). */
    routeTable: RouteEntry[];
  }
}

/**
 * Registered before every module: marks each route's surface as it is registered, keeps the route
 * table, and checks the request's origin and crumb on every state-changing route. The check runs
 * when the request arrives, before its body is read or validated: a forged request costs nothing
 * and learns nothing of the route's schema.
 */
export const crumbPlugin = fp(
  async (app: FastifyInstance) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      const surface = route.config?.surface ?? surfaceOf(route);
      route.config = { ...route.config, ...(surface ? { surface } : {}) };
      for (const method of [route.method].flat()) {
        table.push({
          method,
          url: route.url,
          crumbExempt: route.config.crumbExempt,
          openWhenLocked: route.config.openWhenLocked === true,
          surface,
          permission: route.config.permission,
        });
      }
    });
    const publicUrl = app.config.publicUrl;
    app.addHook('onRequest', (request, _reply, done) => {
      try {
        checkStateChange(request, publicUrl);
        done();
      } catch (error) {
        done(error as Error);
      }
    });
  },
  { name: 'tessera-crumb', dependencies: ['@fastify/cookie'] },
);
