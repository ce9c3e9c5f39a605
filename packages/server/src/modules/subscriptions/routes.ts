import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { checker } from '../../http/validate.js';
import type { CommerceDeps } from '../commerce/index.js';
import { cancelSubscription, methodProvider, pauseSubscription, resumeSubscription, updatePaymentMethod, type SubscriptionActor } from './actions.js';
import { readSubscription, type SubscriptionRow } from './claim.js';
import { renewOne } from './renew.js';
import { subscriptionIdFromToken } from './tokens.js';
import { subscriptionViews } from './view.js';

const TokenBody = Type.Object({ token: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
const MethodBody = Type.Object(
  { token: Type.String({ maxLength: 200 }), payment: Type.Record(Type.String(), Type.Unknown()) },
  { additionalProperties: false },
);
const ConfirmBody = Type.Object(
  { token: Type.String({ maxLength: 200 }), setupIntentId: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
const checkToken = checker(TokenBody);
const checkConfirm = checker(ConfirmBody);
const checkMethod = checker(MethodBody);
const noStore = { 'cache-control': 'no-store' };

/**
 * The customer's subscription, by its signed link (its mails, the order status page), without an
 * account (docs/commerce-api.md "Subscription renewals"):
 *   GET  /api/commerce/subscription?token=                       -> { subscription }
 *   POST /api/commerce/subscription/cancel { token }             -> { subscription }
 *   POST /api/commerce/subscription/payment-method { token, payment } -> { subscription, renewal } (or { subscription, clientSecret })
 *   POST /api/commerce/subscription/payment-method/confirm { token, setupIntentId } -> { subscription, renewal }
 * The owner's side (docs/owner-api.md "Subscriptions"):
 *   GET  /api/owner/customers/:key/subscriptions                 -> { subscriptions } (viewCustomers)
 *   POST /api/owner/subscriptions/:id/pause | resume | cancel    -> { subscription } (manageOrders)
 */
export async function subscriptionRoutes(app: FastifyInstance, deps: CommerceDeps): Promise<void> {
  const db = deps.store.db;

  async function byToken(request: FastifyRequest, token: unknown): Promise<SubscriptionRow> {
    const websiteId = request.site.website.id;
    const id = await subscriptionIdFromToken(deps.signer, websiteId, token);
    const sub = id ? await db.selectFrom('subscriptions').selectAll().where('id', '=', id).where('website_id', '=', websiteId).executeTakeFirst() : undefined;
    if (!sub) throw new AppError('SUBSCRIPTION_LINK_INVALID');
    return sub;
  }
  const one = async (request: FastifyRequest, sub: SubscriptionRow) => (await subscriptionViews(db, request.site, [sub]))[0]!;
  const fail = (code: 'NOT_FOUND' | 'SUBSCRIPTION_NOT_CHANGEABLE') => new AppError(code);

  app.get('/api/commerce/subscription', async (request, reply) => {
    const sub = await byToken(request, (request.query as { token?: unknown }).token);
    return reply.headers(noStore).send({ subscription: await one(request, sub) });
  });

  app.post('/api/commerce/subscription/cancel', async (request, reply) => {
    const body = checkToken(request.body ?? {});
    if (!body.ok) throw new AppError('SUBSCRIPTION_LINK_INVALID');
    const sub = await byToken(request, body.value.token);
    const changed = await cancelSubscription(deps, request.site, sub.id, { kind: 'customer', email: sub.customer_email });
    if (!changed.ok) throw fail(changed.code);
    return reply.headers(noStore).send({ subscription: await one(request, changed.sub) });
  });

  app.post('/api/commerce/subscription/payment-method', async (request, reply) => {
    const body = checkMethod(request.body ?? {});
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    const s = request.site;
    const sub = await byToken(request, body.value.token);
    if (sub.status === 'canceled' || sub.status === 'ended') throw new AppError('SUBSCRIPTION_NOT_CHANGEABLE');
    const result = await updatePaymentMethod(deps, s, sub, body.value.payment, randomBytes(8).toString('hex')).catch((error: unknown) => {
      // The provider could not be reached (it logged why, without keys): nothing was kept; the customer may try again.
      if (error instanceof AppError) throw error;
      request.log.warn({ err: error }, 'subscriptions: the payment provider could not start a new method');
      throw new AppError('PAYMENT_FAILED');
    });
    if (result.status === 'unsupported') throw new AppError('PAYMENT_METHOD_NOT_SAVED');
    if (result.status === 'stale') throw new AppError('SUBSCRIPTION_NOT_CHANGEABLE');
    if (result.status === 'invalid') throw new AppError('VALIDATION_FAILED', undefined, result.errors);
    if (result.status === 'declined') throw new AppError('PAYMENT_DECLINED', result.message || undefined);
    // A provider whose form is its own script (a SetupIntent) finishes in the browser; its webhook keeps the method.
    if (result.status === 'action') return reply.headers(noStore).send({ subscription: await one(request, sub), clientSecret: result.clientSecret });
    // A past-due subscription is tried again at once with the new method.
    const renewal = sub.status === 'past_due' ? await renewOne(deps, s.website.id, sub.id) : null;
    return reply.headers(noStore).send({ subscription: await one(request, await readSubscription(db, sub.id)), renewal });
  });

  // After the provider's script confirmed the new method in the browser: the provider is asked for
  // it, and it is kept as its webhook keeps it (whichever comes first; the other changes nothing).
  app.post('/api/commerce/subscription/payment-method/confirm', async (request, reply) => {
    const body = checkConfirm(request.body ?? {});
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    const s = request.site;
    const sub = await byToken(request, body.value.token);
    if (sub.status === 'canceled' || sub.status === 'ended') throw new AppError('SUBSCRIPTION_NOT_CHANGEABLE');
    const provider = methodProvider(deps, s, sub);
    if (!provider?.confirmSavedMethod || !deps.keepConfirmedMethod) throw new AppError('PAYMENT_METHOD_NOT_SAVED');
    const method = await provider
      .confirmSavedMethod({ websiteId: s.website.id, subscriptionId: sub.id, reference: body.value.setupIntentId })
      .catch((error: unknown) => {
        // The provider could not be asked (it logged why, without keys): the customer may try again; its webhook still comes.
        request.log.warn({ err: error }, 'subscriptions: the payment provider could not confirm a new method');
        throw new AppError('PAYMENT_FAILED');
      });
    if (!method) throw new AppError('PAYMENT_METHOD_NOT_CONFIRMED');
    const { renewal } = await deps.keepConfirmedMethod(s.website.id, sub.id, method, body.value.setupIntentId);
    return reply.headers(noStore).send({ subscription: await one(request, await readSubscription(db, sub.id)), renewal });
  });

  app.get<{ Params: { key: string } }>('/api/owner/customers/:key/subscriptions', { config: { permission: 'viewCustomers' } }, async (request, reply) => {
    const s = request.site;
    const key = request.params.key;
    const email = key.includes('@')
      ? key.trim().toLowerCase()
      : (await db.selectFrom('site_users').select('email').where('website_id', '=', s.website.id).where('id', '=', key).executeTakeFirst())?.email;
    const subs = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('website_id', '=', s.website.id)
      .where((eb) => eb.or([eb('customer_email', '=', email ?? ''), eb('member_id', '=', key)]))
      .orderBy('created_on', 'desc')
      .execute();
    return reply.headers(noStore).send({ subscriptions: await subscriptionViews(db, s, subs) });
  });

  const staff = (request: FastifyRequest): SubscriptionActor => ({ kind: 'staff', email: request.owner!.email });
  const actions = {
    pause: (request: FastifyRequest, id: string) => pauseSubscription(deps, request.site.website.id, id, staff(request)),
    resume: (request: FastifyRequest, id: string) => resumeSubscription(deps, request.site.website.id, id, staff(request)),
    cancel: (request: FastifyRequest, id: string) => cancelSubscription(deps, request.site, id, staff(request)),
  };
  for (const [name, act] of Object.entries(actions)) {
    app.post<{ Params: { id: string } }>(`/api/owner/subscriptions/:id/${name}`, { config: { permission: 'manageOrders' } }, async (request, reply) => {
      const changed = await act(request, request.params.id);
      if (!changed.ok) throw fail(changed.code);
      return reply.headers(noStore).send({ subscription: await one(request, changed.sub) });
    });
  }
}
