import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PageType } from '../../constants.js';
import { AppError } from '../../errors.js';
import { isApiRequest } from '../../http/paths.js';
import { RateLimiter, type RateLimit, visitorSubject } from '../../http/rate-limit.js';
import { canPreviewRestricted } from '../../permissions.js';
import { verifyPassword } from '../admin/index.js';
import { checker } from '../../http/validate.js';
import type { CommerceDeps } from '../commerce/index.js';
import type { AccessDenial, AccessPolicy } from '../site/index.js';
import { collectionContext } from '../site/index.js';
import { baseContext, pageLanguage, type PageRequest, type PageResult } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { collectionPasswordHash, lockScreenOf } from './settings.js';
import { Unlocks } from './unlock.js';

/** Wrong passwords: attempts per client address and scope, and per scope from everywhere. */
export interface PasswordLimits {
  perAddress: RateLimit;
  perScope: RateLimit;
}

const DEFAULT_PASSWORD_LIMITS: PasswordLimits = {
  perAddress: { name: 'site-password:address', limit: 10, windowMs: 15 * 60_000 },
  perScope: { name: 'site-password:scope', limit: 300, windowMs: 15 * 60_000 },
};

const Unlock = Type.Object(
  {
    password: Type.String({ maxLength: 1024 }),
    /** The protected collection (its `collection.id` in the page context); absent: the site's lock screen. */
    collectionId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
const checkUnlock = checker(Unlock);

/** The lock screen page (103) of a site: also what the design panel previews for the site's staff. */
export function lockScreenPage(req: PageRequest): PageResult {
  const lock = lockScreenOf(req.snapshot);
  const context = baseContext(req, PageType.LOCK_SCREEN);
  context.lockScreen = { title: lock?.title ?? req.snapshot.siteTitle, message: lock?.message ?? null, unlockUrl: '/api/site-password/unlock' };
  return { kind: 'page', status: 403, template: 'pages/lock-screen.page', context };
}

function protectedPage(req: PageRequest, c: { id: string } & Parameters<typeof collectionContext>[1]): PageResult {
  const context = baseContext(req, PageType.PROTECTED_CONTENT);
  const full = collectionContext(req.snapshot, c, null, pageLanguage(req));
  // Its title only: nothing of what the password protects.
  context.collection = { id: full.id, title: full.title, urlId: full.urlId, fullUrl: full.fullUrl, typeName: full.typeName };
  context.protectedContent = { collectionId: c.id, unlockUrl: '/api/site-password/unlock' };
  return { kind: 'page', status: 403, template: 'pages/protected-content.page', context };
}

/**
 * Passwords on the site: the lock screen (103) hides every page, asset and content call
 * of a locked site; a protected collection (105) hides its pages, items, search results and assets.
 * `POST /api/site-password/unlock` `{ password, collectionId? }` checks the password (scrypt) and
 * unlocks for the browser session (a signed cookie); wrong ones answer 401 PASSWORD_INCORRECT,
 * and past 10 from an address in 15 minutes, 429. The site's staff (previewRestricted) pass.
 */
export const sitePasswordPlugin = fp(
  async (app: FastifyInstance, opts: { commerce: CommerceDeps; limits?: Partial<PasswordLimits> }): Promise<void> => {
    const { store, renderer, clock } = opts.commerce;
    const unlocks = new Unlocks(store, clock);
    const limiter = new RateLimiter(store.db, clock);
    const limits = { ...DEFAULT_PASSWORD_LIMITS, ...opts.limits };

    const staff = (request: FastifyRequest, s: SiteSnapshot) => canPreviewRestricted(request.owner, s.website.id);
    const policy: AccessPolicy = {
      restricts: (_s, c) => collectionPasswordHash(c) !== null,
      restrictsSite: (s) => lockScreenOf(s) !== null,
      async site(request, s): Promise<AccessDenial | null> {
        const lock = lockScreenOf(s);
        if (!lock || staff(request, s) || (await unlocks.unlocked(request, s.website.id, 'site', lock.passwordHash))) return null;
        return { code: 'SITE_LOCKED', previewAllowed: false, page: (req) => lockScreenPage(req) };
      },
      async collection(request, s, c): Promise<AccessDenial | null> {
        const hash = collectionPasswordHash(c);
        if (!hash || staff(request, s) || (await unlocks.unlocked(request, s.website.id, c.id, hash))) return null;
        return { code: 'PASSWORD_REQUIRED', previewAllowed: false, page: (req, collection) => protectedPage(req, collection ?? c) };
      },
    };
    renderer.access.add(policy);

    // A locked site answers no API call but those whose route says so (the unlock itself, the owner's
    // API, unsubscribing, the collectors' anonymous records): 403 SITE_LOCKED. A hook of the root, so it
    // covers every module's routes; decided on the matched route, never on the URL's text. Pages and
    // assets are the renderer's: they show the lock screen.
    app.addHook('onRequest', async (request) => {
      if (!isApiRequest(request) || request.routeOptions.config.openWhenLocked) return;
      const s = await renderer.snapshotFor(request);
      if (!s || !lockScreenOf(s)) return;
      const denial = await renderer.access.site(request, s);
      if (denial) throw new AppError('SITE_LOCKED');
    });

    app.post('/api/site-password/unlock', { bodyLimit: 4096, config: { openWhenLocked: true } }, async (request, reply) => {
      const s = request.site;
      const body = checkUnlock(request.body);
      if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
      const { password, collectionId } = body.value;
      const c = collectionId !== undefined ? s.collectionsById.get(collectionId) : undefined;
      const hash = collectionId === undefined ? lockScreenOf(s)?.passwordHash : c ? collectionPasswordHash(c) : null;
      if (!hash) throw new AppError('NOT_FOUND');
      const scope = collectionId ?? 'site';
      // Every attempt counts before the password is checked.
      await limiter.enforce(s.website.id, [
        { rule: limits.perAddress, subject: `${scope}|${visitorSubject(request)}` },
        { rule: limits.perScope, subject: createHash('sha256').update(scope).digest('base64url').slice(0, 16) },
      ]);
      if (!(await verifyPassword(password, hash))) throw new AppError('PASSWORD_INCORRECT');
      await unlocks.grant(request, reply, s.website.id, scope, hash);
      return reply.header('cache-control', 'no-store').send({ unlocked: true, scope: collectionId ? 'collection' : 'site' });
    });
  },
  { name: 'tessera-site-password' },
);
