import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError, toAppError } from '../../errors.js';
import { RateLimiter, SITE_SUBJECT, visitorSubject } from '../../http/rate-limit.js';
import type { Store } from '../../storage/dialect.js';
import { ownerPage } from '../admin/index.js';
import type { MailingList } from '../newsletter/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { DEFAULT_PAGE_SIZE, DEFAULT_RESTOCK_LIMITS, type RestockLimits } from './limits.js';
import { signUpGroups, signUpsOf } from './owner.js';
import type { RestockSender, SendResult } from './sender.js';
import { signUp, type RestockSignUpBody } from './signup.js';

/** The spec's restock path (storefront.md section 7). */
const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

export interface RestockPluginOptions {
  store: Store;
  sites: { snapshotFor(request: FastifyRequest): Promise<SiteSnapshot | undefined>; originOf(request: FastifyRequest, s: SiteSnapshot): string };
  mailingList: MailingList;
  sender: RestockSender;
  clock: Clock;
  mailFrom: string;
  limits?: Partial<RestockLimits>;
  pageSize?: number;
}

const SendRequest = Type.Object({ productId: Type.String({ minLength: 1, maxLength: 64 }), variantId: Type.String({ minLength: 1, maxLength: 64 }) });
const SendAll = Type.Object({ sendRequests: Type.Array(SendRequest, { minItems: 1, maxItems: 100 }) });

/**
 * Restock notifications at the spec's paths:
 *   POST   .../restock              a visitor's signup (rate limited per visitor and per site)
 *   GET    .../restock/groups       the owner's groups, ?cursor=
 *   GET    .../restock              a variant's signups, ?productId&variantId&cursor
 *   POST   .../restock/send         { productId, variantId }: mail every waiting visitor once, while in stock
 *   POST   .../restock/send/all     { sendRequests }: the same for each, one result per request
 *   GET    /config/restock          the owner's page (packages/studio/src/pages/restock/)
 * The owner's calls and page declare the permission they need (viewRestockSignups, sendRestockNotices).
 * Every error of these calls also carries its message in `data.message` (the spec's restock form reads it there).
 */
export async function restockPlugin(root: FastifyInstance, opts: RestockPluginOptions): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const limits = { ...DEFAULT_RESTOCK_LIMITS, ...opts.limits };
  const pageSize = opts.pageSize ?? DEFAULT_PAGE_SIZE;
  const limiter = new RateLimiter(opts.store.db, opts.clock);
  const deps = { store: opts.store, mail: root.mail, mailingList: opts.mailingList, captcha: root.captcha, clock: opts.clock, mailFrom: opts.mailFrom };

  // Encapsulated: only this plugin's routes answer errors with `data.message` too.
  app.setErrorHandler(async (error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error, url: request.url }, 'unexpected error');
    if (appError.status === 429) reply.header('retry-after', String(appError.retryAfterSeconds ?? 5));
    return reply.status(appError.status).send({ ...appError.body(), data: { message: appError.message } });
  });

  app.post(RESTOCK_PATH, { bodyLimit: 16 * 1024 }, async (request) => {
    const s = request.site;
    await limiter.enforce(
      s.website.id,
      [
        { rule: limits.signUpPerVisitor, subject: visitorSubject(request) },
        { rule: limits.signUpPerSite, subject: SITE_SUBJECT },
      ],
      'RESTOCK_RATE_LIMITED',
    );
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('BAD_REQUEST');
    await signUp(deps, s, opts.sites.originOf(request, s), body as RestockSignUpBody);
    return { data: { success: true } };
  });

  app.get(`${RESTOCK_PATH}/groups`, { config: { permission: 'viewRestockSignups' } }, async (request, reply) => {
    const s = request.site;
    const query = request.query as { cursor?: unknown };
    return reply.header('cache-control', 'no-store').send(await signUpGroups(opts.store.db, s, query.cursor, pageSize, opts.clock()));
  });

  app.get(RESTOCK_PATH, { config: { permission: 'viewRestockSignups' } }, async (request, reply) => {
    const s = request.site;
    return reply.header('cache-control', 'no-store').send(await signUpsOf(opts.store.db, s, request.query as Record<string, unknown>, pageSize));
  });

  app.post(`${RESTOCK_PATH}/send`, { schema: { body: SendRequest }, config: { permission: 'sendRestockNotices' } }, async (request) => {
    const s = request.site;
    return opts.sender.send(s, request.body.productId, request.body.variantId);
  });

  app.post(`${RESTOCK_PATH}/send/all`, { schema: { body: SendAll }, config: { permission: 'sendRestockNotices' } }, async (request) => {
    const s = request.site;
    // One request after the other, each on its own: a variant still sold out does not stop the others.
    const results: (SendResult & { error?: { code: string; message: string } })[] = [];
    for (const { productId, variantId } of request.body.sendRequests) {
      try {
        results.push(await opts.sender.send(s, productId, variantId));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ productId, variantId, sent: 0, error: { code: error.code, message: error.message } });
      }
    }
    return { results, sent: results.reduce((n, r) => n + r.sent, 0) };
  });

  ownerPage(root, {
    path: '/config/restock',
    page: 'restock',
    title: 'Restock notifications',
    permission: 'viewRestockSignups',
    context: (_request, s) => ({ timeZone: s.timeZone }),
  });
}
