import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { checker } from '../../http/validate.js';
import { siteSender } from '../../mail/site.js';
import { grantAreaByStaff, mailPasswordReset, revokeArea, revokeSiteUserSessions } from '../accounts/index.js';
import { AREA_MESSAGE, areaOf } from './areas.js';
import { accountOf, findCustomer } from './customer.js';
import { customerDetail, memberships } from './detail.js';
import { listCustomers } from './list.js';
import { parseListQuery } from './list-query.js';

const Grant = Type.Object({ collectionId: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
const checkGrant = checker(Grant);

type KeyParams = { key: string };

/**
 * The owner's customers (docs/owner-api.md "Customers"):
 *   GET    /api/owner/customers                                   the list: q, sort, limit, cursor
 *   GET    /api/owner/customers/:key                              one customer: orders, addresses, memberships, account
 *   POST   /api/owner/customers/:key/memberships                  { collectionId }: grant a members' area
 *   DELETE /api/owner/customers/:key/memberships/:collectionId    take it back
 *   POST   /api/owner/customers/:key/password-reset               mail the account's password reset link
 *   POST   /api/owner/customers/:key/sign-out                     end every session of the account
 * Reading needs viewCustomers; the account actions manageSiteUsers. A member's access is read at
 * every request, so a grant or a revocation shows at the member's next page.
 */
export async function customerAdminRoutes(app: FastifyInstance): Promise<void> {
  const { store, clock, config } = app.deps;
  const db = store.db;
  const customerOf = (request: FastifyRequest<{ Params: KeyParams }>) => findCustomer(db, request.site.website.id, request.params.key, clock());
  const noStore = { 'cache-control': 'no-store' };

  app.get('/api/owner/customers', { config: { permission: 'viewCustomers' } }, async (request, reply) => {
    const query = parseListQuery(request.query as Record<string, unknown>);
    return reply.headers(noStore).send(await listCustomers(db, request.site, query, clock()));
  });

  app.get<{ Params: KeyParams }>('/api/owner/customers/:key', { config: { permission: 'viewCustomers' } }, async (request, reply) => {
    const customer = await customerOf(request);
    return reply.headers(noStore).send(await customerDetail(db, request.site, customer, clock()));
  });

  app.post<{ Params: KeyParams }>('/api/owner/customers/:key/memberships', { config: { permission: 'manageSiteUsers' } }, async (request, reply) => {
    const s = request.site;
    const body = checkGrant(request.body ?? {});
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, { collectionId: AREA_MESSAGE });
    const siteUserId = accountOf(await customerOf(request));
    const area = areaOf(s, body.value.collectionId, () => new AppError('VALIDATION_FAILED', undefined, { collectionId: AREA_MESSAGE }));
    const now = clock();
    await grantAreaByStaff(store, s.website.id, siteUserId, area, request.owner!.email, now);
    return reply.headers(noStore).send({ memberships: await memberships(db, s, siteUserId, now) });
  });

  app.delete<{ Params: KeyParams & { collectionId: string } }>(
    '/api/owner/customers/:key/memberships/:collectionId',
    { config: { permission: 'manageSiteUsers' } },
    async (request, reply) => {
      const s = request.site;
      const siteUserId = accountOf(await customerOf(request));
      const area = areaOf(s, request.params.collectionId, () => new AppError('NOT_FOUND'));
      // Taking back an area the member no longer holds (a second click) changes nothing and says so.
      const revoked = await revokeArea(db, s.website.id, siteUserId, area);
      return reply.headers(noStore).send({ revoked, memberships: await memberships(db, s, siteUserId, clock()) });
    },
  );

  app.post<{ Params: KeyParams }>('/api/owner/customers/:key/password-reset', { config: { permission: 'manageSiteUsers' } }, async (request, reply) => {
    const s = request.site;
    const customer = await customerOf(request);
    accountOf(customer);
    const baseUrl = app.renderer.originOf(request, s);
    await mailPasswordReset({ store }, app.mail, {
      websiteId: s.website.id,
      email: customer.email,
      baseUrl,
      sender: siteSender(s, baseUrl, config.mailFrom),
      now: clock(),
    });
    return reply.status(202).headers(noStore).send({ sent: true, to: customer.email });
  });

  app.post<{ Params: KeyParams }>('/api/owner/customers/:key/sign-out', { config: { permission: 'manageSiteUsers' } }, async (request, reply) => {
    const siteUserId = accountOf(await customerOf(request));
    return reply.headers(noStore).send({ endedSessions: await revokeSiteUserSessions(db, siteUserId) });
  });
}
