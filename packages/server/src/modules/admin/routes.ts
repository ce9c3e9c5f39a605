import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.js';
import { ensureCrumb } from '../../http/crumb.js';
import { safeRedirectTarget } from '../../http/paths.js';
import { type RateLimit, RateLimiter, visitorSubject } from '../../http/rate-limit.js';
import { canEndSession, canOpenConfig, permissionsOf } from '../../permissions.js';
import { dayIn } from '@tessera/core/zone';
import { addDays, analyticsReport } from '../analytics/index.js';
import { checker } from '../../http/validate.js';
import type { SiteSnapshot } from '../site/index.js';
import { systemClock, type Clock } from '../../clock.js';
import { OWNER_COOKIE, clearOwnerCookie, setOwnerCookie } from './auth.js';
import { checkCredentials, endSession, sessionIdOf, startSession } from './owners.js';
import { landingPage, ownerPage, sendOwnerPage } from './pages.js';
import { SCRYPT_COST, type ScryptCost } from './passwords.js';
import { guardRoute } from './permission.js';
import { registerStudioAssets, studioAssets } from './studio.js';

/**
 * The owner's area: every /config/ page (the studio, packages/studio, served from /config/assets/),
 * the owner's sign-in, and the one hook that enforces the permission a route declares
 * (`config: { permission }`, permission.ts) on every route of the app:
 *   GET    /config/                 the home page (every role with openConfig); /config -> /config/; not signed in:
 *                                    the sign-in page (from /config by way of /config/analytics)
 *   GET    /config/login            sign-in page (?next= a /config/ path)
 *   GET    /config/analytics        the analytics view (viewAnalytics), else -> /config/login?next=...
 *   GET    /config/*                anything else there: openConfig, else -> sign-in; 404 otherwise
 *   POST   /api/owner/session       { email, password } -> 200 { email, websiteRoles } and a new session cookie (the
 *                                    browser's previous session ends); 401; 429 past 10 attempts per email from one
 *                                    address, 30 per address, 100 per email from everywhere, in 15 minutes
 *   GET    /api/owner/session       the signed-in owner, or 401
 *   DELETE /api/owner/session       signs out (the session is deleted from the store): 204
 *   GET    /api/owner/analytics     ?from&to (YYYY-MM-DD, at most 366 days; default the last 30) -> the report
 * Every state-changing call carries the crumb header, as everywhere under /api/.
 */
export interface AdminPluginOptions {
  clock?: Clock;
  /** The scrypt cost of new password hashes (passwords.ts; tests lower it). */
  passwordCost?: ScryptCost;
}

const Credentials = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
const checkCredentialsBody = checker(Credentials);

/** The studio's home page (packages/studio/src/pages/home/): every role that opens the area lands there. */
const HOME = '/config/';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_RANGE_DAYS = 366;
const DEFAULT_RANGE_DAYS = 30;

/**
 * Sign-in attempts allowed in 15 minutes, counted in the store (http/rate-limit.ts) so that every
 * server process counts the same attempts, and checked in this order:
 * - per email from one client address: a guesser gets 10 tries per account, as before; counting
 *   them per address too means that a stranger's wrong guesses no longer lock the owner out;
 * - per address, whatever the email: one address cannot try many accounts;
 * - per email from everywhere: a ceiling for a guesser spread over many addresses. A try refused
 *   by an earlier rule does not count here, so one address uses at most 10 of its 100: locking an
 *   account out this way takes ten addresses (ten IPv6 networks, http/rate-limit.ts).
 */
const SIGN_IN_LIMITS = {
  perEmailAndAddress: { name: 'owner-sign-in:email-address', limit: 10, windowMs: 15 * 60_000 },
  perAddress: { name: 'owner-sign-in:address', limit: 30, windowMs: 15 * 60_000 },
  perEmail: { name: 'owner-sign-in:email', limit: 100, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimit>;

function validDay(day: string): boolean {
  return DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

/** The owner's API answers on a locked site (the owner signs in there to unlock it): sign-in and permissions guard it there as anywhere. */
const OWNER_API = { openWhenLocked: true } as const;

/**
 * Registered at the root (fastify-plugin), after the owner's session (auth.ts) and before the modules
 * whose routes declare permissions: its onRoute hook guards each such route as it is registered.
 */
export const adminPlugin = fp(
  async (app: FastifyInstance, opts: AdminPluginOptions): Promise<void> => {
    const clock = opts.clock ?? systemClock;
    const passwordCost = opts.passwordCost ?? SCRYPT_COST;
    const limiter = new RateLimiter(app.store.db, clock);
    // The request's site (the site module resolved it before any hook of this area runs).
    const siteOfRequest = async (request: FastifyRequest): Promise<SiteSnapshot> => request.site;

    app.decorate('ownerArea', { siteOf: siteOfRequest, assets: studioAssets(app.config.studioDist), pages: [] });
    app.addHook('onRoute', (route) => guardRoute(route, siteOfRequest));
    await registerStudioAssets(app, app.config.studioDist);

    // The studio's front door, its home page (/config/, the same route: trailing slashes are ignored):
    // every account that opens the area lands there, whatever its role; /config, without the slash,
    // sends it to /config/ so that the page has one address. Anyone else goes to the sign-in: from
    // /config by way of the analytics page as before, from /config/ straight back to the home page.
    app.get('/config', async (request, reply) => {
      const s = await siteOfRequest(request);
      const withSlash = request.url.split('?', 1)[0] === '/config/';
      if (!canOpenConfig(request.owner, s.website.id)) {
        return reply.header('cache-control', 'no-store').redirect(withSlash ? '/config/login?next=%2Fconfig%2F' : '/config/analytics', 302);
      }
      if (!withSlash) return reply.header('cache-control', 'no-store').redirect(HOME, 302);
      ensureCrumb(request, reply);
      return sendOwnerPage(app, reply, s, 'home', 'Home', {
        email: request.owner.email,
        permissions: permissionsOf(request.owner, s.website.id),
        timeZone: s.timeZone,
        currency: s.currency,
      });
    });

    app.get('/config/login', async (request, reply) => {
      const s = await siteOfRequest(request);
      // A path of the owner's area only, made safe for the Location header (encoded, never another site).
      const next = safeRedirectTarget((request.query as { next?: unknown }).next, '');
      const asked = next.startsWith('/config/') && !next.startsWith('/config/login') ? next : undefined;
      if (canOpenConfig(request.owner, s.website.id)) {
        // Signed in already: the page asked for when the role opens it, else the role's first page.
        return reply.header('cache-control', 'no-store').redirect(landingPage(app.ownerArea, request.owner, s.website.id, asked) ?? HOME, 302);
      }
      ensureCrumb(request, reply);
      // Without a page asked for, the browser goes on to /config once signed in: the home page.
      return sendOwnerPage(app, reply, s, 'login', 'Sign in', { next: asked ?? '/config' });
    });

    ownerPage(app, {
      path: '/config/analytics',
      page: 'analytics',
      title: 'Analytics',
      permission: 'viewAnalytics',
      context: (_request, s) => ({
        timeZone: s.timeZone,
        today: dayIn(s.timeZone, clock()),
        defaultRangeDays: DEFAULT_RANGE_DAYS,
        maxRangeDays: MAX_RANGE_DAYS,
      }),
    });

    app.get('/config/*', { config: { permission: 'openConfig' } }, async (_request, reply) =>
      reply
        .status(404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1><p><a href="/config/">Home</a></p></body></html>\n',
        ),
    );

    app.post('/api/owner/session', { bodyLimit: 8 * 1024, config: OWNER_API }, async (request, reply) => {
      const s = await siteOfRequest(request);
      const body = checkCredentialsBody(request.body);
      if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
      // Every attempt counts, before the password is checked: a guesser gets 10 tries per email and address.
      const email = createHash('sha256').update(body.value.email.trim().toLowerCase()).digest('base64url').slice(0, 22);
      const address = visitorSubject(request);
      await limiter.enforce(s.website.id, [
        { rule: SIGN_IN_LIMITS.perEmailAndAddress, subject: `${email}|${address}` },
        { rule: SIGN_IN_LIMITS.perAddress, subject: address },
        { rule: SIGN_IN_LIMITS.perEmail, subject: email },
      ]);
      const account = await checkCredentials(app.store.db, s.website.id, body.value.email, body.value.password, passwordCost);
      if (!account) throw new AppError('OWNER_SIGN_IN_FAILED');
      // A sign-in always starts a new session: one the browser already had (perhaps planted by
      // someone else, or another account's) ends rather than living on beside it.
      const previous = sessionIdOf(request.cookies[OWNER_COOKIE] ?? '');
      if (previous) await endSession(app.store.db, previous);
      const { token } = await startSession(app.store.db, account, clock());
      setOwnerCookie(request, reply, token);
      return reply.header('cache-control', 'no-store').send({ email: account.email, websiteRoles: [account.website_role] });
    });

    // Declares no permission: it tells anyone who is not signed in to the area so (401), a viewer too.
    app.get('/api/owner/session', { config: OWNER_API }, async (request, reply) => {
      const s = await siteOfRequest(request);
      if (!canOpenConfig(request.owner, s.website.id)) throw new AppError('OWNER_SIGN_IN_REQUIRED');
      return reply.header('cache-control', 'no-store').send({ email: request.owner.email, websiteRoles: request.owner.websiteRoles });
    });

    // Declares no permission: signing out ends one's own session, whoever asks.
    app.delete('/api/owner/session', { config: OWNER_API }, async (request, reply) => {
      const owner = request.owner;
      if (owner && canEndSession(owner, owner.sessionId)) await endSession(app.store.db, owner.sessionId);
      if (request.cookies[OWNER_COOKIE]) clearOwnerCookie(request, reply);
      return reply.status(204).send();
    });

    app.get('/api/owner/analytics', { config: { ...OWNER_API, permission: 'viewAnalytics' } }, async (request, reply) => {
      const s = await siteOfRequest(request);
      const query = request.query as { from?: unknown; to?: unknown };
      const today = dayIn(s.timeZone, clock());
      const to = typeof query.to === 'string' ? query.to : today;
      const from = typeof query.from === 'string' ? query.from : addDays(to, -(DEFAULT_RANGE_DAYS - 1));
      const errors: Record<string, string> = {};
      if (!validDay(from)) errors.from = 'Expected a day as YYYY-MM-DD';
      if (!validDay(to)) errors.to = 'Expected a day as YYYY-MM-DD';
      if (!errors.from && !errors.to) {
        if (from > to) errors.from = 'The range starts after it ends';
        else if (addDays(from, MAX_RANGE_DAYS - 1) < to) errors.to = `A range holds at most ${MAX_RANGE_DAYS} days`;
      }
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
      const report = await analyticsReport(app.store.db, { websiteId: s.website.id, timeZone: s.timeZone }, { from, to, today });
      return reply.header('cache-control', 'no-store').send(report);
    });
  },
  { name: 'tessera-admin', dependencies: ['tessera-owner-auth', 'tessera-crumb'] },
);
