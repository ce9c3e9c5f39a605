import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError, toAppError } from '../../errors.js';
import { ensureCrumb } from '../../http/crumb.js';
import { RateLimiter, SITE_SUBJECT, visitorSubject } from '../../http/rate-limit.js';
import { canSendRestockNotices, canViewRestockSignups } from '../../permissions.js';
import type { Store } from '../../storage/dialect.js';
import { adminShell, readAdminBuild } from '../admin/shell.js';
import type { MailingList } from '../newsletter/mailing-list.js';
import type { SiteSnapshot } from '../site/snapshot.js';
import { DEFAULT_PAGE_SIZE, DEFAULT_RESTOCK_LIMITS, type RestockLimits } from './limits.js';
import { requireOwner, signUpGroups, signUpsOf } from './owner.js';
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
  storefrontDist: string;
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
 *   GET    /config/restock          the owner's page
 * Every error of these calls also carries its message in `data.message` (the spec's restock form reads it there).
 */
export async function restockPlugin(root: FastifyInstance, opts: RestockPluginOptions): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const limits = { ...DEFAULT_RESTOCK_LIMITS, ...opts.limits };
  const pageSize = opts.pageSize ?? DEFAULT_PAGE_SIZE;
  const limiter = new RateLimiter(opts.store.db, opts.clock);
  const deps = { store: opts.store, mail: root.mail, mailingList: opts.mailingList, captcha: root.captcha, clock: opts.clock, mailFrom: opts.mailFrom };
  const adminBuild = readAdminBuild(opts.storefrontDist);

  // Encapsulated: only this plugin's routes answer errors with `data.message` too.
  app.setErrorHandler(async (error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error, url: request.url }, 'unexpected error');
    if (appError.status === 429) reply.header('retry-after', String(appError.retryAfterSeconds ?? 5));
    return reply.status(appError.status).send({ ...appError.body(), data: { message: appError.message } });
  });

  const siteOf = async (request: FastifyRequest) => {
    const snapshot = await opts.sites.snapshotFor(request);
    if (!snapshot) throw new AppError('NOT_FOUND');
    return snapshot;
  };

  app.post(RESTOCK_PATH, { bodyLimit: 16 * 1024 }, async (request) => {
    const s = await siteOf(request);
    await limiter.enforce(s.website.id, [
      { rule: limits.signUpPerVisitor, subject: visitorSubject(request) },
      { rule: limits.signUpPerSite, subject: SITE_SUBJECT },
    ], 'RESTOCK_RATE_LIMITED');
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('BAD_REQUEST');
    await signUp(deps, s, opts.sites.originOf(request, s), body as RestockSignUpBody);
    return { data: { success: true } };
  });

  app.get(`${RESTOCK_PATH}/groups`, async (request, reply) => {
    const s = await siteOf(request);
    requireOwner(request, s, canViewRestockSignups);
    const query = request.query as { cursor?: unknown };
    return reply.header('cache-control', 'no-store').send(await signUpGroups(opts.store.db, s, query.cursor, pageSize, opts.clock()));
  });

  app.get(RESTOCK_PATH, async (request, reply) => {
    const s = await siteOf(request);
    requireOwner(request, s, canViewRestockSignups);
    return reply.header('cache-control', 'no-store').send(await signUpsOf(opts.store.db, s, request.query as Record<string, unknown>, pageSize));
  });

  app.post(`${RESTOCK_PATH}/send`, { schema: { body: SendRequest } }, async (request) => {
    const s = await siteOf(request);
    requireOwner(request, s, canSendRestockNotices);
    return opts.sender.send(s, request.body.productId, request.body.variantId);
  });

  app.post(`${RESTOCK_PATH}/send/all`, { schema: { body: SendAll } }, async (request) => {
    const s = await siteOf(request);
    requireOwner(request, s, canSendRestockNotices);
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

  app.get('/config/restock', async (request, reply) => {
    const s = await siteOf(request);
    if (!canViewRestockSignups(request.owner, s.website.id)) {
      return reply.header('cache-control', 'no-store').redirect(`/config/login?next=${encodeURIComponent('/config/restock')}`, 302);
    }
    ensureCrumb(request, reply);
    return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8')
      .send(adminShell(`Restock notifications · ${s.siteTitle}`, s.language, adminBuild.restock, {
        page: 'restock', siteTitle: s.siteTitle, language: s.language, email: request.owner!.email, timeZone: s.timeZone,
      }));
  });
}
