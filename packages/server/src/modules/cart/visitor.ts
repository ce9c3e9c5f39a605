import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { visitorSubject } from '../../http/rate-limit.js';
import { CRUMB_COOKIE } from '../../http/crumb.js';
import type { Executor } from '../../storage/statement.js';
import type { CommerceDeps } from '../commerce/index.js';

/**
 * A visitor's cart is found by the `cart` cookie: a random token (the store keeps its hash),
 * HttpOnly (no script needs it), SameSite=Lax. The cart row's `member_id` stays null for visitors;
 * the accounts issue fills it on sign-in and merges carts, so ownership is data, not this cookie.
 */
export const CART_COOKIE = 'cart';
const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export function cartTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[CART_COOKIE];
  return token && TOKEN.test(token) ? token : undefined;
}

/** A cartToken given in the query or body (subscription carts), when well formed. */
export function explicitToken(raw: unknown): string | undefined {
  return typeof raw === 'string' && TOKEN.test(raw) ? raw : undefined;
}

export function setCartCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
}

export function clearCartCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/**
 * Counts a cart write against the visitor (the crumb, the spec's session id, hashed) and the
 * client address (hashed); over either limit the call answers 429 with Retry-After. The crumb
 * check ran before, so a write always has a crumb. `db` may be the cart's write transaction.
 */
export async function limitCartWrite(deps: CommerceDeps, request: FastifyRequest, websiteId: string, db?: Executor): Promise<void> {
  await deps.limiter.enforce(
    websiteId,
    [
      { rule: deps.cartWriteLimits.perVisitor, subject: subjectOf('v', request.cookies[CRUMB_COOKIE] ?? '') },
      { rule: deps.cartWriteLimits.perAddress, subject: subjectOf('a', request.ip ?? '', request) },
    ],
    'RATE_LIMITED',
    db,
  );
}

// A visitor sends the same crumb from the same address on every call: their hashed forms are kept
// (a bounded map, emptied when full) instead of hashed again per request.
const subjects = new Map<string, string>();
function subjectOf(kind: 'v' | 'a', value: string, request?: FastifyRequest): string {
  const key = `${kind}${value}`;
  let subject = subjects.get(key);
  if (subject === undefined) {
    if (subjects.size >= 10_000) subjects.clear();
    subject = request ? visitorSubject(request) : createHash('sha256').update(value).digest('base64url').slice(0, 22);
    subjects.set(key, subject);
  }
  return subject;
}
