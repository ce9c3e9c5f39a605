import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { listGrants } from './grants.js';
import { requireXsrf } from './auth.js';
import type { AccountsDeps } from './deps.js';
import { accountOrders } from './orders.js';
import { listSiteUserSessions, revokeSiteUserSessions } from './users.js';

/**
 * The signed-in member's own data. Every call needs the session's xsrfToken in X-XSRF-Token
 * (401 SIGN_IN_REQUIRED without a session, 403 XSRF_TOKEN_INVALID without the token):
 *   GET    /api/site-users/account            -> { siteUserId, email, firstName, lastName, locale, emailVerified, memberships }
 *   GET    /api/site-users/account/orders     -> { orders } (docs/accounts.md "Orders")
 *   GET    /api/site-users/account/sessions   -> { sessions: [{ id, current, userAgent, rememberMe, created, expiresOn }] }
 *   DELETE /api/site-users/account/sessions   -> { ended }: every other session of the account ends
 *   DELETE /api/site-users/account/sessions/{id} -> { ended }: one session of the account ends
 */
export async function accountRoutes(app: FastifyInstance, deps: AccountsDeps): Promise<void> {
  app.get('/api/site-users/account', async (request, reply) => {
    const s = request.site;
    const user = requireXsrf(request, s.website.id);
    const memberships = await listGrants(deps.store.db, s.website.id, user.id, deps.clock());
    return reply.header('cache-control', 'no-store').send({
      siteUserId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      locale: user.locale,
      emailVerified: user.emailVerified,
      memberships,
    });
  });

  app.get('/api/site-users/account/orders', async (request, reply) => {
    const s = request.site;
    const user = requireXsrf(request, s.website.id);
    const language = deps.renderer.pageRequest(request, s).language ?? s.language;
    return reply.header('cache-control', 'no-store').send({ orders: await accountOrders(deps, s, user, language) });
  });

  app.get('/api/site-users/account/sessions', async (request, reply) => {
    const s = request.site;
    const user = requireXsrf(request, s.website.id);
    const rows = await listSiteUserSessions(deps.store.db, user.id, deps.clock());
    return reply.header('cache-control', 'no-store').send({
      sessions: rows.map((r) => ({
        id: r.id,
        current: r.id === user.sessionId,
        userAgent: r.user_agent,
        rememberMe: r.remember_me === 1,
        created: Number(r.created_on),
        expiresOn: Number(r.expires_on),
      })),
    });
  });

  app.delete('/api/site-users/account/sessions', async (request, reply) => {
    const s = request.site;
    const user = requireXsrf(request, s.website.id);
    const ended = await revokeSiteUserSessions(deps.store.db, user.id, user.sessionId);
    return reply.header('cache-control', 'no-store').send({ ended });
  });

  app.delete('/api/site-users/account/sessions/:id', async (request, reply) => {
    const s = request.site;
    const user = requireXsrf(request, s.website.id);
    const id = (request.params as { id: string }).id;
    if (!/^[0-9a-f]{64}$/.test(id)) throw new AppError('NOT_FOUND');
    const result = await deps.store.db.deleteFrom('site_user_sessions').where('id', '=', id).where('site_user_id', '=', user.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND');
    return reply.header('cache-control', 'no-store').send({ ended: 1 });
  });
}
