import { safeRedirectTarget } from '../../http/paths.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PageType } from '../../constants.js';
import { escapeHtml } from '@tessera/core/html';
import { baseContext, type PageContext, type PageRequest, type PageResult } from '../site/index.js';
import { collectionUrl } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { listGrants } from './grants.js';
import { memberOf } from './auth.js';
import type { AccountsDeps } from './deps.js';
import { accountOrders } from './orders.js';
import { peekSiteUserToken, useSiteUserToken } from './users.js';

/** A `next` the account pages may send a visitor to: a path of this site, never another host. */
function safeNext(raw: unknown, fallback = '/account'): string {
  return typeof raw === 'string' && raw.length <= 500 ? safeRedirectTarget(raw, fallback) : fallback;
}

/** Account page templates the theme may lack: a plain form the storefront's account island still mounts on. */
function fallback(kind: string, title: string): string {
  return `<h1>${escapeHtml(title)}</h1>\n<div data-tessera-island="account" data-account-form="${escapeHtml(kind)}"></div>\n`;
}

/**
 * The visitor account's pages, rendered through the theme like every page (page type 2):
 *   /account                      the member's account: orders, memberships, sessions (signed in; else -> /account/login)
 *   /account/login?next=          the sign-in form (signed in: -> next)
 *   /account/signup?next=         the sign-up form
 *   /account/reset-password       asks for the email; with ?token= the new password form (a bad link: status 400)
 *   /account/verify-email?token=  confirms the email of the account (a bad link: status 400)
 * Their context has `accountForm` { mode, next, ... } or `account`.
 */
export async function accountPages(app: FastifyInstance, deps: AccountsDeps): Promise<void> {
  const { renderer } = deps;
  const route = (path: string, build: (req: PageRequest, s: SiteSnapshot, request: FastifyRequest) => Promise<PageResult>) =>
    app.get(path, async (request: FastifyRequest, reply: FastifyReply) => {
      const s = await renderer.snapshotFor(request);
      if (!s) return renderer.sendNotFound(request, reply);
      reply.header('cache-control', 'no-store');
      return renderer.send(request, reply, s, await build(renderer.pageRequest(request, s), s, request));
    });
  const page = (req: PageRequest, template: string, title: string, extra: Record<string, unknown>, kind: string, status = 200): PageResult => {
    const context: PageContext = baseContext(req, PageType.PAGE);
    Object.assign(context, { pageTitle: title }, extra);
    return { kind: 'page', status, template, context, fallbackHtml: fallback(kind, title) };
  };
  const strings = (req: PageRequest) => baseContext(req, PageType.PAGE).localizedStrings as Record<string, string>;

  route('/account', async (req, s, request) => {
    const user = memberOf(request, s.website.id);
    if (!user) return { kind: 'redirect', location: `/account/login?next=${encodeURIComponent('/account')}` };
    const language = req.language ?? s.language;
    const grants = await listGrants(deps.store.db, s.website.id, user.id, deps.clock());
    return page(
      req,
      'pages/account.page',
      strings(req).accountTitleText!,
      {
        account: {
          siteUserId: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          emailVerified: user.emailVerified,
          orders: await accountOrders(deps, s, user, language),
          memberships: grants.map((g) => ({
            ...g,
            collections: s.collections.filter((c) => c.access === g.area).map((c) => ({ title: c.title, fullUrl: collectionUrl(s, c) })),
          })),
        },
      },
      'account',
    );
  });

  route('/account/login', async (req, s, request) => {
    const next = safeNext(req.query.next);
    if (memberOf(request, s.website.id)) return { kind: 'redirect', location: next };
    return page(
      req,
      'pages/account-sign-in.page',
      strings(req).accountSignInText!,
      {
        accountForm: { mode: 'sign-in', next, signUpUrl: `/account/signup?next=${encodeURIComponent(next)}`, resetUrl: '/account/reset-password' },
      },
      'sign-in',
    );
  });

  route('/account/signup', async (req, s, request) => {
    const next = safeNext(req.query.next);
    if (memberOf(request, s.website.id)) return { kind: 'redirect', location: next };
    return page(
      req,
      'pages/account-sign-up.page',
      strings(req).accountSignUpText!,
      {
        accountForm: { mode: 'sign-up', next, signInUrl: `/account/login?next=${encodeURIComponent(next)}` },
      },
      'sign-up',
    );
  });

  route('/account/reset-password', async (req, s) => {
    const token = req.query.token;
    const title = strings(req).accountResetPasswordTitleText!;
    if (token === undefined)
      return page(req, 'pages/account-reset-password.page', title, { accountForm: { mode: 'reset-request', next: '/account' } }, 'reset-request');
    const valid = await peekSiteUserToken(deps.store.db, s.website.id, token, 'password-reset', deps.clock());
    return valid
      ? page(req, 'pages/account-reset-password.page', title, { accountForm: { mode: 'reset-confirm', token, next: '/account' } }, 'reset-confirm')
      : page(req, 'pages/account-reset-password.page', title, { accountForm: { mode: 'reset-invalid', next: '/account' } }, 'reset-invalid', 400);
  });

  route('/account/verify-email', async (req, s) => {
    const now = deps.clock();
    const siteUserId = await useSiteUserToken(deps.store.db, s.website.id, req.query.token, 'verify-email', now);
    if (siteUserId) await deps.store.db.updateTable('site_users').set({ email_verified_on: now, updated_on: now }).where('id', '=', siteUserId).execute();
    return page(
      req,
      'pages/account-verify-email.page',
      strings(req).accountTitleText!,
      {
        accountVerification: { status: siteUserId ? 'verified' : 'invalid' },
      },
      siteUserId ? 'verified' : 'verify-invalid',
      siteUserId ? 200 : 400,
    );
  });
}
