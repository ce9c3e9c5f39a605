import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { changesPages } from './modules/site/page-cache.js';
import { CART_COOKIE } from './modules/cart/visitor.js';
import { MEMBER_COOKIE, SITE_USER_INFO_COOKIE } from './modules/accounts/cookies.js';
import { OWNER_COOKIE } from './modules/admin/auth.js';
import { UNLOCK_COOKIE } from './modules/site-password/unlock.js';
import formbody from '@fastify/formbody';
import { sql } from 'kysely';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { AppError, toAppError } from './errors.js';
import { crumbPlugin } from './http/crumb.js';
import { isApiRequest } from './http/paths.js';
import { registerJsonBodies } from './http/json.js';
import { loggableUrl } from './http/log-url.js';
import { parseQueryString, queryRejected } from './http/querystring.js';
import { registerCompression, registerSecurity } from './http/security.js';
import { readStorefrontBuild, registerStorefrontAssets } from './http/storefront.js';
import { registerJobs, type JobsSetup } from './jobs/index.js';
import { registerCommerce, type CommerceSetup } from './modules/commerce/index.js';
import { installmentsPlugin } from './modules/installments/index.js';
import { adminPlugin, ownerAuthPlugin } from './modules/admin/index.js';
import { SCRYPT_COST, type ScryptCost } from './modules/admin/passwords.js';
import { analyticsPlugin, ingestPlugin } from './modules/analytics/index.js';
import { clientErrorsPlugin } from './modules/client-errors/index.js';
import { performancePlugin } from './modules/performance/index.js';
import { registerFormsAndMail, type FormsSetup } from './modules/forms/register.js';
import { registerMerchandising, type MerchandisingSetup } from './modules/restock/register.js';
import { sitePlugin } from './modules/site/index.js';
import { SiteAccess } from './modules/site/access.js';
import { registerSiteUsers, accountsAuthPlugin, MemberCarts, type SiteUsersSetup } from './modules/site-users.js';
import { SiteRenderer } from './modules/site/renderer.js';
import { SiteSnapshots } from './modules/site/snapshot.js';
import { ThemeCache } from './modules/site/theme.js';
import { openStore, type Store } from './storage/dialect.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store (SQLite or PostgreSQL), decorated once at the root for every module. */
    store: Store;
    config: Config;
  }
}

export interface AppOptions {
  /** An open store to use (tests share one); otherwise the app opens config.databaseUrl and closes it on close(). */
  store?: Store;
  /** A pino logger configuration or instance; defaults to one at config.logLevel on stdout. */
  logger?: FastifyServerOptions['logger'] | FastifyServerOptions['loggerInstance'];
  /** The time modules read (keys, captcha and mail retries); tests move it forward instead of sleeping. */
  clock?: Clock;
  /** Mail transport, captcha providers and form limits (issue 7). */
  forms?: FormsSetup;
  /** Payment providers and cart write limits (issue 5). */
  commerce?: CommerceSetup;
  /** Restock and review limits, page sizes, the automatic restock sender (issue 7). */
  merchandising?: MerchandisingSetup;
  /** Visitor account limits, the places provider (issue 9). */
  siteUsers?: SiteUsersSetup;
  /** The scrypt cost of new password hashes: SCRYPT_COST (OWASP's) unless a test lowers it to create accounts quickly. */
  passwordCost?: ScryptCost;
  /** Background jobs: whether they run on timers (tests run them by hand). */
  jobs?: JobsSetup;
}

/** Believes the nearest `hops` proxies about the client (Fastify takes a count too, but its types do not say so). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole application from a config: the CLI and the tests both start here. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const loggerOption = options.logger ?? { level: config.logLevel };
  const isInstance = typeof loggerOption === 'object' && loggerOption !== null && 'child' in loggerOption;
  const app = Fastify({
    ...(isInstance ? { loggerInstance: loggerOption as FastifyServerOptions['loggerInstance'] } : { logger: loggerOption as FastifyServerOptions['logger'] }),
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // Behind a TLS proxy: the client's address, scheme and host come from X-Forwarded-* only when
    // TRUST_PROXY names the proxy; otherwise the headers are ignored (anyone can send them).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // On close: stop accepting, answer 503 to new requests, let requests in flight finish,
    // and drop idle keep-alive connections so that close() does not wait on them.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Fastify's own per-request lines are off; the onResponse hook below logs what matters.
    logController: new LogController({ disableRequestLogging: true }),
  });

  const ownStore = !options.store;
  const store = options.store ?? (await openStore(config.databaseUrl));
  app.decorate('store', store);
  app.decorate('config', config);
  // onClose hooks run in reverse order of registration: registered first, the store closes last,
  // after the modules' own hooks (the analytics queue writes what it holds before this).
  app.addHook('onClose', async () => {
    if (ownStore) await store.close();
  });

  // Request logs at debug level only: a hook and a log line per request are not free. Failures are
  // logged by the error handler at every level.
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug({ method: request.method, url: loggableUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    });
  }

  app.addHook('onRequest', async (request) => {
    if (queryRejected(request.query)) throw new AppError('QUERY_TOO_COMPLEX');
  });

  const themes = new ThemeCache(store, config.themesDir, config.dev, app.log);
  const snapshots = new SiteSnapshots(store, config.siteCacheMs);
  const renderer = new SiteRenderer(config, app.log, themes, snapshots, readStorefrontBuild(config.storefrontDist), new SiteAccess(store), options.clock ?? systemClock);
  const memberCarts = new MemberCarts(store, options.clock ?? systemClock);
  // Pages kept for visitors who see what everyone sees (site/page-cache.ts): these cookies make a
  // visitor's pages their own, and every change made through the API renders pages afresh.
  for (const name of [MEMBER_COOKIE, SITE_USER_INFO_COOKIE, OWNER_COOKIE, UNLOCK_COOKIE]) renderer.pageCache.personalCookie(name);
  // A cart does not make pages personal: a kept page is completed with the visitor's cart indicator.
  renderer.pageCache.visitorCookie(CART_COOKIE);
  // onSend, not onResponse: the cache is emptied before the client can hear the answer and ask again.
  app.addHook('onSend', async (request, reply, payload) => {
    if (changesPages(request, reply.statusCode)) renderer.pageCache.changed();
    return payload;
  });

  // Set before any plugin is registered: encapsulated plugins copy the handlers in force when they load.
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiRequest(request) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(new AppError('NOT_FOUND').body());
    }
    return renderer.sendNotFound(request, reply);
  });

  app.setErrorHandler(async (error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error, url: loggableUrl(request.url) }, 'unexpected error');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request);
    if (isPage && appError.status >= 500) return renderer.sendError(request, reply);
    if (appError.status === 429) reply.header('retry-after', String(appError.retryAfterSeconds ?? 5));
    return reply.status(appError.status).send(appError.body());
  });

  await app.register(cookie);
  await app.register(formbody);
  registerJsonBodies(app);
  await registerSecurity(app);
  await registerCompression(app);
  await app.register(crumbPlugin);

  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(store.db);
      return reply.header('cache-control', 'no-store').send({ status: 'ok', store: store.dialect });
    } catch (error) {
      app.log.error({ err: error }, 'health check: the store does not answer');
      return reply.status(503).header('cache-control', 'no-store').send({ status: 'unavailable', store: store.dialect });
    }
  });

  await registerStorefrontAssets(app, config.storefrontDist);
  registerJobs(app, { store, clock: options.clock ?? systemClock }, options.jobs);
  await registerFormsAndMail(app, { store, renderer, config, clock: options.clock ?? systemClock }, options.forms);
  // The owner's sign-in and area; measurement (issue 8): ingestion queue, analytics, page speed, client errors.
  await app.register(ownerAuthPlugin, { clock: options.clock ?? systemClock });
  // Visitor accounts (issue 9): the session and the member's cart, read before every other module.
  await app.register(accountsAuthPlugin, { clock: options.clock ?? systemClock, renderer, memberCarts });
  await app.register(adminPlugin, { snapshots, clock: options.clock ?? systemClock, passwordCost: options.passwordCost ?? SCRYPT_COST });
  await app.register(ingestPlugin, { snapshots, clock: options.clock ?? systemClock });
  await app.register(analyticsPlugin);
  await app.register(performancePlugin);
  await app.register(clientErrorsPlugin);
  await app.register(sitePlugin, { store, renderer });
  const commerce = await registerCommerce(app, { store, renderer, config, clock: options.clock ?? systemClock }, options.commerce);
  await app.register(installmentsPlugin);
  await registerMerchandising(app, { store, renderer, config, clock: options.clock ?? systemClock, commerce }, options.merchandising);
  // Accounts, members' areas, site passwords, languages, header and footer, places (issue 9).
  await registerSiteUsers(app, { commerce, memberCarts, passwordCost: options.passwordCost ?? SCRYPT_COST }, options.siteUsers);

  app.addHook('onClose', async () => {
    themes.close();
  });
  return app;
}
