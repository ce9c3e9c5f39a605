import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { baseUrlOf } from '../commerce/index.js';
import { cancelOrder } from './cancel.js';
import type { ActionContext } from './context.js';
import { orderDetail } from './detail.js';
import { exportOrders } from './export.js';
import { fulfillOrder } from './fulfill.js';
import { listOrders } from './list.js';
import { addNote } from './notes.js';
import { refundOrder } from './refund.js';
import { CancelBody, ExportQuery, FulfillBody, ListQuery, MarkPaidBody, NoteBody, OrderParams, RefundBody, checkInput } from './schemas.js';

/** The Idempotency-Key of a refund: 8 to 200 printable characters, as checkout's. */
const KEY = /^[\x21-\x7e]{8,200}$/;

// The owner's API answers on a locked site too: the sign-in and the permission guard it there.
const READ = { openWhenLocked: true, permission: 'viewOrders' } as const;
const CHANGE = { openWhenLocked: true, permission: 'manageOrders' } as const;

/** A call without a body (mark paid, cancel, fulfil everything) is a call with `{}`; the others then name what is missing. */
async function emptyBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

/**
 * The orders API of docs/owner-api.md "Orders". Reads declare viewOrders, changes manageOrders
 * (one hook of modules/admin enforces them); each change answers the order as
 * `GET /api/owner/orders/:id` does, after it.
 */
export async function orderAdminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const deps = root.commerce;
  const context = (request: FastifyRequest): ActionContext => ({
    deps,
    s: request.site,
    actor: { kind: 'staff', email: request.owner!.email },
    origin: baseUrlOf(deps, request),
  });
  const detail = (request: FastifyRequest, id: string) => orderDetail(deps, request.site, deps.store.db, id);

  app.get('/api/owner/orders', { schema: { querystring: ListQuery }, attachValidation: true, config: READ }, async (request, reply) => {
    checkInput(request);
    return reply.header('cache-control', 'no-store').send(await listOrders(deps.store, request.site, request.query));
  });

  app.get('/api/owner/orders/export.csv', { schema: { querystring: ExportQuery }, attachValidation: true, config: READ }, async (request, reply) => {
    checkInput(request);
    const { filename, stream } = exportOrders(deps.store, request.site, request.query, deps.clock());
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(stream);
  });

  app.get('/api/owner/orders/:id', { schema: { params: OrderParams }, attachValidation: true, config: READ }, async (request, reply) => {
    checkInput(request);
    return reply.header('cache-control', 'no-store').send(await detail(request, request.params.id));
  });

  app.post(
    '/api/owner/orders/:id/mark-paid',
    { schema: { params: OrderParams, body: MarkPaidBody }, attachValidation: true, preValidation: emptyBody, bodyLimit: 16 * 1024, config: CHANGE },
    async (request) => {
      checkInput(request);
      const c = context(request);
      const result = await root.orders.markPaid(request.site.website.id, request.params.id, {
        reference: request.body.reference?.trim() || undefined,
        baseUrl: c.origin,
        actor: c.actor,
      });
      if (!result.ok) throw new AppError(result.code);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/owner/orders/:id/fulfill',
    { schema: { params: OrderParams, body: FulfillBody }, attachValidation: true, preValidation: emptyBody, bodyLimit: 64 * 1024, config: CHANGE },
    async (request) => {
      checkInput(request);
      await fulfillOrder(context(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/owner/orders/:id/cancel',
    { schema: { params: OrderParams, body: CancelBody }, attachValidation: true, preValidation: emptyBody, bodyLimit: 16 * 1024, config: CHANGE },
    async (request) => {
      checkInput(request);
      await cancelOrder(root, context(request), request.params.id, request.body.notify !== false);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/owner/orders/:id/refund',
    { schema: { params: OrderParams, body: RefundBody }, attachValidation: true, preValidation: emptyBody, bodyLimit: 64 * 1024, config: CHANGE },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !KEY.test(key)) {
        throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 'A refund needs an Idempotency-Key header of 8 to 200 characters.');
      }
      checkInput(request);
      const refundId = await refundOrder(context(request), request.params.id, key, request.body);
      const answer = await detail(request, request.params.id);
      return { ...answer, refund: answer.order.refunds.find((r) => r.id === refundId) ?? null };
    },
  );

  app.post(
    '/api/owner/orders/:id/notes',
    { schema: { params: OrderParams, body: NoteBody }, attachValidation: true, preValidation: emptyBody, bodyLimit: 16 * 1024, config: CHANGE },
    async (request) => {
      checkInput(request);
      const text = request.body.text.trim();
      if (!text) throw new AppError('VALIDATION_FAILED', undefined, { text: 'Enter a note of 1 to 2000 characters.' });
      await addNote(context(request), request.params.id, text);
      return detail(request, request.params.id);
    },
  );
}
