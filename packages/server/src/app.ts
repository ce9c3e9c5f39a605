import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyPluginCallback, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { sql } from 'kysely';
import { AltchaProvider, Captcha, type AltchaOptions, type CaptchaProvider } from './captcha/index.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { AppError, toAppError } from './errors.js';
import { crumbPlugin } from './http/crumb.js';
import { isApiRequest } from './http/paths.js';
import { registerJsonBodies } from './http/json.js';
import { loggableUrl } from './http/log-url.js';
import { parseQueryString, queryRejected } from './http/querystring.js';
import { registerCompression, registerSecurity } from './http/security.js';
import { registerStorefrontAssets } from './http/storefront.js';
import { registerJobs, type JobsSetup } from './jobs/index.js';
import { createMailer, type MailSetup } from './mail/index.js';
import type { ModuleDeps } from './modules/deps.js';
import accounts, { accountsSession, type AccountsSetup } from './modules/accounts/index.js';
import admin, { ownerSession, SCRYPT_COST, type ScryptCost } from './modules/admin/index.js';
import analytics from './modules/analytics/index.js';
import cart from './modules/cart/index.js';
import checkout from './modules/checkout/index.js';
import clientErrors from './modules/client-errors/index.js';
import commerce, { type CommerceSetup } from './modules/commerce/index.js';
import commerceMail from './modules/commerce-mail/index.js';
import contentAdmin from './modules/content-admin/index.js';
import customerAdmin from './modules/customer-admin/index.js';
import design from './modules/design/index.js';
import forms, { type FormsOptions, formOwner } from './modules/forms/index.js';
import headerFooter from './modules/header-footer/index.js';
import home from './modules/home/index.js';
import installments from './modules/installments/index.js';
import inventory, { inventoryStudio } from './modules/inventory/index.js';
import media from './modules/media/index.js';
import mediaLibrary, { type MediaLibraryOptions } from './modules/media-library/index.js';
import members from './modules/members/index.js';
import subscriptions from './modules/subscriptions/index.js';
import multilingual from './modules/multilingual/index.js';
import newsletter, { mailingListAdmin } from './modules/newsletter/index.js';
import orderAdmin from './modules/order-admin/index.js';
import pageAdmin from './modules/page-admin/index.js';
import productAdmin from './modules/product-admin/index.js';
import orders from './modules/orders/index.js';
import pageEditor from './modules/page-editor/index.js';
import performance from './modules/performance/index.js';
import places, { type PlacesProvider } from './modules/places/index.js';
import restock, { type RestockSetup } from './modules/restock/index.js';
import reviews, { type ReviewLimits } from './modules/reviews/index.js';
import comments, { type CommentsSetup } from './modules/comments/index.js';
import sessionRecording from './modules/session-recording/index.js';
import marketing from './modules/marketing/index.js';
import site from './modules/site/index.js';
import sitePassword, { type PasswordLimits } from './modules/site-password/index.js';
import staff from './modules/staff/index.js';
import storeSettings from './modules/store-settings/index.js';
import stripe from './modules/stripe/index.js';
import { openStore, type Store } from './storage/dialect.js';
import { openBlobStore } from './storage/blobs/index.js';

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
  /** Mail transport, captcha providers and form limits. */
  forms?: FormsSetup;
  /** Payment providers and cart write limits. */
  commerce?: CommerceSetup;
  /** Restock and review limits, page sizes, the automatic restock sender. */
  merchandising?: MerchandisingSetup;
  /** Visitor account limits, the lock screen's password limits, the places provider. */
  siteUsers?: SiteUsersSetup;
  /** The scrypt cost of new password hashes: SCRYPT_COST (OWASP's) unless a test lowers it to create accounts quickly. */
  passwordCost?: ScryptCost;
  /** Background jobs: whether they run on timers (tests run them by hand). */
  jobs?: JobsSetup;
  /** Upload limits per kind of file and per site. */
  mediaLibrary?: MediaLibraryOptions;
  /** Comment and like rate limits. */
  comments?: CommentsSetup;
}

/** What an app's builder may change about mail, captcha and forms (tests: their SMTP server, small limits). */
export interface FormsSetup {
  readonly mail?: MailSetup;
  /** More captcha providers, chosen per site with settings.captcha.provider (ALTCHA is always there). */
  readonly captchaProviders?: readonly CaptchaProvider[];
  readonly altcha?: AltchaOptions;
  readonly forms?: Partial<FormsOptions>;
}

/** What an app's builder (a test) may change about restock notifications and reviews. */
export interface MerchandisingSetup extends RestockSetup {
  readonly reviewLimits?: Partial<ReviewLimits>;
}

/** What a deployment (or a test) may set for visitor accounts, the lock screen and address lookups. */
interface SiteUsersSetup {
  accounts?: AccountsSetup;
  /** Wrong-password limits of the lock screen and protected pages. */
  passwordLimits?: Partial<PasswordLimits>;
  /** The address lookup service; none: the places calls answer 501. */
  places?: PlacesProvider | null;
}

/** A module with the options the app gives it, ready to register. */
type ModuleEntry = (app: FastifyInstance) => PromiseLike<unknown>;

function entry<O extends object>(plugin: FastifyPluginCallback<O> | FastifyPluginAsync<O>, opts: O): ModuleEntry {
  return (app) => app.register(plugin, opts);
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

  const clock = options.clock ?? systemClock;
  const ownStore = !options.store;
  const store = options.store ?? (await openStore(config.databaseUrl, { blobs: openBlobStore(config) }));
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

  // Set before any plugin is registered: encapsulated plugins copy the handlers in force when they load.
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiRequest(request) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(new AppError('NOT_FOUND').body());
    }
    return app.renderer.sendNotFound(request, reply);
  });

  app.setErrorHandler(async (error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error, url: loggableUrl(request.url) }, 'unexpected error');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request);
    if (isPage && appError.status >= 500) return app.renderer.sendError(request, reply);
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
  registerJobs(app, { store, clock }, options.jobs);

  const setup = options.forms ?? {};
  const mail = createMailer({ db: store.db, smtpUrl: config.smtpUrl, log: app.log, clock, defaultFrom: config.mailFrom, jobs: app.jobs }, setup.mail);
  const captcha = new Captcha([new AltchaProvider(store.db, clock, setup.altcha), ...(setup.captchaProviders ?? [])]);
  app.decorate('mail', mail);
  app.decorate('captcha', captcha);
  app.decorate('deps', { store, clock, mail, captcha, config } satisfies ModuleDeps);
  // The outbox is delivered by a job of the runner (`app.jobs`), which looks at once when the app is
  // ready (taking up mail left pending by an earlier process); the mailer stops on close.
  app.addHook('onClose', async () => mail.stop());

  const passwordCost = options.passwordCost ?? SCRYPT_COST;
  const merchandising = options.merchandising ?? {};
  const siteUsers = options.siteUsers ?? {};
  // Every module, in order: each declares the modules it needs (fastify-plugin checks them). The
  // site comes first (the request's site, the renderer), then the sessions whose hooks every later
  // route needs, then the modules with routes. Hooks that modules add to others' output (page
  // context, browser context, paid orders) run in this order too.
  const modules: ModuleEntry[] = [
    entry(site, {}),
    entry(media, {}),
    entry(ownerSession, {}),
    entry(accountsSession, {}),
    entry(analytics, {}),
    entry(admin, { passwordCost }),
    entry(staff, { passwordCost }),
    entry(home, {}),
    entry(performance, {}),
    entry(clientErrors, {}),
    entry(newsletter, {}),
    entry(forms, setup.forms ?? {}),
    entry(commerce, options.commerce ?? {}),
    entry(cart, {}),
    entry(inventory, {}),
    entry(orders, {}),
    entry(checkout, {}),
    entry(orderAdmin, {}),
    entry(stripe, {}),
    entry(productAdmin, {}),
    entry(contentAdmin, {}),
    entry(inventoryStudio, {}),
    entry(storeSettings, {}),
    entry(design, {}),
    entry(mediaLibrary, options.mediaLibrary ?? {}),
    entry(installments, {}),
    entry(restock, merchandising),
    entry(reviews, { limits: merchandising.reviewLimits }),
    entry(commerceMail, {}),
    entry(accounts, { ...siteUsers.accounts, passwordCost }),
    entry(members, {}),
    entry(subscriptions, {}),
    entry(customerAdmin, {}),
    entry(formOwner, {}),
    entry(mailingListAdmin, {}),
    entry(sitePassword, { limits: siteUsers.passwordLimits }),
    entry(multilingual, {}),
    entry(headerFooter, {}),
    entry(marketing, {}),
    entry(pageAdmin, { passwordCost }),
    entry(places, { provider: siteUsers.places }),
    entry(sessionRecording, {}),
    entry(pageEditor, {}),
    entry(comments, options.comments ?? {}),
  ];
  for (const register of modules) await register(app);
  return app;
}
