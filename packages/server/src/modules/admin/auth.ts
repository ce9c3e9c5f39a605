import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../../clock.js';
import type { OwnerAuth } from '../../permissions.js';
import { sessionAuth, touchSession, SESSION_DAYS, SESSION_TOUCH_MS } from './owners.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in site owner, from the session cookie; null for everyone else. */
    owner: OwnerAuth | null;
  }
}

/** The owner's session cookie: HttpOnly (no script reads it), SameSite=Lax, path /, Secure on https. */
export const OWNER_COOKIE = 'tessera_owner';

export function setOwnerCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(OWNER_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearOwnerCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(OWNER_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/**
 * Reads the owner's session on every request that carries its cookie (one indexed lookup; visitors
 * carry no such cookie and cost nothing). Pages use it to tell the collectors that the owner is
 * browsing (their views are not recorded); /config/ and /api/owner/ check permissions against it.
 * A request of a session keeps it alive: its last-seen time moves, once a minute at most.
 */
export const ownerAuthPlugin = fp(
  async (app: FastifyInstance, opts: { clock?: Clock }) => {
    const clock = opts.clock ?? systemClock;
    app.decorateRequest('owner', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[OWNER_COOKIE];
      if (!token) return;
      const now = clock();
      const session = await sessionAuth(app.store.db, token, now);
      if (!session) return;
      if (now - session.lastSeenOn >= SESSION_TOUCH_MS) await touchSession(app.store.db, session.sessionId, now);
      const { lastSeenOn: _, ...owner } = session;
      request.owner = owner;
    });
  },
  { name: 'tessera-owner-auth', dependencies: ['@fastify/cookie'] },
);
