import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { exportSubscribers } from './owner-export.js';
import { encodeSubscriberCursor, parseSubscriberFilters, parseSubscriberQuery } from './owner-query.js';
import { type SubscriberRow, fewMatches, pageOfSubscribers, removeSubscriber, subscriberCounts } from './owner-store.js';

// The owner's API answers on a locked site too: the sign-in and the permission guard it there.
const config = { openWhenLocked: true, permission: 'manageMailingList' } as const;
const noStore = { 'cache-control': 'no-store' };

const subscriberView = (r: SubscriberRow) => ({
  id: r.id,
  email: r.email,
  status: r.status,
  source: r.source,
  created: r.created_on,
  updatedOn: r.updated_on,
  confirmedOn: r.confirmed_on,
  unsubscribedOn: r.unsubscribed_on,
});

/**
 * The mailing list in the studio (docs/owner-api.md "Mailing list"), permission manageMailingList:
 *   GET    /api/owner/mailing-list?q&status&source&limit&cursor   newest first, with the counts per state
 *   GET    /api/owner/mailing-list/export.csv?q&status&source     the same filters as CSV
 *   DELETE /api/owner/mailing-list/:id                            removes the address (a privacy request)
 */
export async function mailingListOwnerRoutes(app: FastifyInstance): Promise<void> {
  const { store, clock } = app.deps;
  const db = store.db;

  app.get('/api/owner/mailing-list', { config }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const query = parseSubscriberQuery(request.query as Record<string, unknown>);
    // The counts go with the first page: the next pages only add rows to it.
    const few = query.q === '' ? null : await fewMatches(db, websiteId, query.q);
    const [rows, counts] = await Promise.all([pageOfSubscribers(db, websiteId, query, few), query.after ? null : subscriberCounts(db, websiteId, query, few)]);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return reply.headers(noStore).send({
      subscribers: page.map(subscriberView),
      nextCursor: rows.length > query.limit && last ? encodeSubscriberCursor(last.created_on, last.id) : null,
      counts,
    });
  });

  app.get('/api/owner/mailing-list/export.csv', { config }, async (request, reply) => {
    const filters = parseSubscriberFilters(request.query as Record<string, unknown>);
    const { filename, stream } = exportSubscribers(db, request.site, filters, clock());
    return reply
      .headers(noStore)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(stream);
  });

  app.delete<{ Params: { id: string } }>('/api/owner/mailing-list/:id', { config }, async (request, reply) => {
    const websiteId = request.site.website.id;
    if (!(await removeSubscriber(db, websiteId, request.params.id))) throw new AppError('NOT_FOUND');
    return reply.headers(noStore).send({ deleted: true, counts: await subscriberCounts(db, websiteId, { q: '', source: null }) });
  });
}
