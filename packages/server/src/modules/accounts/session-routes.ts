import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginEmailError, newPasswordError, ACCOUNT_MESSAGES } from '@tessera/core';
import { AppError } from '../../errors.js';
import { visitorSubject } from '../../http/rate-limit.js';
import { ensureCrumb } from '../../http/crumb.js';
import { siteSender } from '../../mail/site.js';
import { baseUrlOf } from '../commerce/index.js';
import { cartTokenOf, clearCartCookie, setCartCookie } from '../cart/index.js';
import { checker } from '../../http/validate.js';
import { claimMembershipOrder } from './grants.js';
import type { SiteSnapshot } from '../site/index.js';
import { memberOf, xsrfMatches } from './auth.js';
import { MEMBER_COOKIE, clearMemberCookies, setMemberCookies } from './cookies.js';
import type { AccountsDeps } from './deps.js';
import { answerExistingSignUp } from './existing-account.js';
import {
  checkSiteUserCredentials,
  createSiteUser,
  endSiteUserSession,
  findSiteUser,
  issueSiteUserToken,
  newSecretToken,
  normalizeEmail,
  sha256,
  startSiteUserSession,
} from './users.js';
import type {} from './mail.js';

/** How long an email verification link works. */
const VERIFY_EMAIL_LIFETIME_MS = 7 * 86_400_000;

const SignIn = Type.Object(
  {
    email: Type.Unknown(),
    password: Type.Unknown(),
    rememberMe: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const SignUp = Type.Object(
  {
    email: Type.Unknown(),
    password: Type.Unknown(),
    firstName: Type.Optional(Type.String({ maxLength: 100 })),
    lastName: Type.Optional(Type.String({ maxLength: 100 })),
    rememberMe: Type.Optional(Type.Boolean()),
    /** A paid order's token (its confirmation link's): the new account claims its membership. */
    orderToken: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const checkSignIn = checker(SignIn);
const checkSignUp = checker(SignUp);

/** The email and password of a form: the spec's email messages, then the password's. */
function credentialErrors(email: unknown, password: unknown, newPassword: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const emailError = loginEmailError(email);
  if (emailError) errors.email = emailError;
  const passwordError = newPassword
    ? newPasswordError(password)
    : typeof password === 'string' && password !== '' && password.length <= 1024
      ? null
      : ACCOUNT_MESSAGES.enterPassword;
  if (passwordError) errors.password = passwordError;
  return errors;
}

const hashed = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * Signs the account in on this browser: a new session (its token in the HttpOnly cookie, its
 * xsrfToken answered), the SiteUserInfo cookie, and the visitor's anonymous cart merged into the
 * member's (the cart cookie is then dropped: the member's cart is found by the session).
 */
export async function signIn(
  deps: AccountsDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  s: SiteSnapshot,
  user: { id: string; website_id: string; email: string },
  rememberMe: boolean,
) {
  const now = deps.clock();
  // A sign-in always starts a new session: one the browser already had ends rather than living on beside it.
  const previous = request.cookies[MEMBER_COOKIE];
  if (previous) await endSiteUserSession(deps.store.db, sha256(previous));
  const session = await startSiteUserSession(deps.store.db, user, rememberMe, String(request.headers['user-agent'] ?? ''), now);
  await deps.memberCarts.merge(s.website.id, user.id, cartTokenOf(request));
  if (cartTokenOf(request)) clearCartCookie(request, reply);
  setMemberCookies(request, reply, session.token, user.id, rememberMe, session.expiresOn, now);
  return { xsrfToken: session.xsrfToken, siteUserId: user.id, email: user.email, expiresOn: session.expiresOn };
}

/**
 * Visitor accounts (storefront.md sections 3 and 7):
 *   POST   /api/site-users/account            { email, password, firstName?, lastName?, rememberMe?, orderToken? }
 *          -> 201 { xsrfToken, siteUserId, email, expiresOn }: the account, signed in; a verification mail. An
 *          email that has an account gets the same answer (existing-account.ts): nobody signed in, a mail to its holder
 *   POST   /api/site-users/account/session    { email, password, rememberMe } -> { xsrfToken, siteUserId, email, expiresOn }
 *   GET    /api/site-users/account/session    -> { authenticated, siteUserId?, email?, firstName?, lastName?, expiresOn? }
 *   DELETE /api/site-users/account/session?cloneCart=true|false   (X-XSRF-Token) -> { authenticated: false }
 *   POST   /api/site-users/account/xsrf-token -> { xsrfToken }: a new token for this session (a page that lost it)
 * Every POST and DELETE carries the crumb (docs/errors.md).
 */
export async function sessionRoutes(app: FastifyInstance, deps: AccountsDeps): Promise<void> {
  const limits = deps.accountLimits;

  app.post('/api/site-users/account/session', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const s = request.site;
    const body = checkSignIn(request.body);
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    const { email, password, rememberMe = false } = body.value;
    const errors = credentialErrors(email, password, false);
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
    // Every attempt counts, before the password is checked: a guesser gets 10 tries per account and address.
    const account = hashed(normalizeEmail(email as string));
    const address = visitorSubject(request);
    await deps.accountLimiter.enforce(s.website.id, [
      { rule: limits.signInPerAccountAndAddress, subject: `${account}|${address}` },
      { rule: limits.signInPerAddress, subject: address },
      { rule: limits.signInPerAccount, subject: account },
    ]);
    const user = await checkSiteUserCredentials(deps.store.db, s.website.id, email as string, password as string, deps.passwordCost);
    if (!user) throw new AppError('SITE_USER_SIGN_IN_FAILED');
    return reply.header('cache-control', 'no-store').send(await signIn(deps, request, reply, s, user, rememberMe));
  });

  app.post('/api/site-users/account', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const s = request.site;
    const body = checkSignUp(request.body);
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    const { email, password, firstName, lastName, rememberMe = false, orderToken } = body.value;
    const errors = credentialErrors(email, password, true);
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
    await deps.accountLimiter.enforce(s.website.id, [{ rule: limits.signUpPerAddress, subject: visitorSubject(request) }]);
    const now = deps.clock();
    const id = await createSiteUser(
      deps.store.db,
      s.website.id,
      {
        email: email as string,
        password: password as string,
        firstName: firstName?.trim(),
        lastName: lastName?.trim(),
        // The language the visitor browses in becomes the account's.
        locale: deps.renderer.pageRequest(request, s).language ?? null,
      },
      now,
      deps.passwordCost,
    );
    if (!id) {
      const answer = await answerExistingSignUp(deps, request, reply, s, { email: email as string, rememberMe, orderToken }, now);
      return reply.status(201).header('cache-control', 'no-store').send(answer);
    }
    const user = (await findSiteUser(deps.store.db, s.website.id, id))!;
    if (deps.mail) {
      const baseUrl = baseUrlOf(deps, request);
      const sender = siteSender(s, baseUrl, deps.mailFrom);
      const token = await issueSiteUserToken(deps.store.db, user, 'verify-email', VERIFY_EMAIL_LIFETIME_MS, now);
      await deps.mail.send(deps.store.db, {
        websiteId: s.website.id,
        kind: 'account-verify-email',
        to: user.email,
        from: sender.from,
        site: sender.site,
        input: { email: user.email, verifyUrl: `${baseUrl}/account/verify-email?token=${token}` },
      });
      deps.mail.kick();
    }
    const answer = await signIn(deps, request, reply, s, user, rememberMe);
    let memberships: unknown[] | undefined;
    if (orderToken) {
      await deps.signer.ready(s.website.id);
      memberships = await claimMembershipOrder(deps.store, deps.signer, s.website.id, user.id, orderToken, now);
    }
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ ...answer, ...(memberships ? { memberships } : {}) });
  });

  app.get('/api/site-users/account/session', async (request, reply) => {
    const s = request.site;
    const user = memberOf(request, s.website.id);
    reply.header('cache-control', 'no-store');
    // A page whose crumb went missing asks here before it retries a sign-out (storefront.md section 7).
    ensureCrumb(request, reply);
    if (!user) return { authenticated: false };
    return {
      authenticated: true,
      siteUserId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      expiresOn: user.expiresOn,
      emailVerified: user.emailVerified,
    };
  });

  app.post('/api/site-users/account/xsrf-token', async (request, reply) => {
    const s = request.site;
    const user = memberOf(request, s.website.id);
    if (!user) throw new AppError('SIGN_IN_REQUIRED');
    const xsrfToken = newSecretToken();
    await deps.store.db
      .updateTable('site_user_sessions')
      .set({ xsrf_hash: sha256(xsrfToken) })
      .where('id', '=', user.sessionId)
      .execute();
    return reply.header('cache-control', 'no-store').send({ xsrfToken });
  });

  app.delete('/api/site-users/account/session', async (request, reply) => {
    const s = request.site;
    const raw = (request.query as { cloneCart?: unknown }).cloneCart;
    if (raw !== undefined && raw !== 'true' && raw !== 'false') {
      throw new AppError('VALIDATION_FAILED', undefined, { cloneCart: 'Expected true or false' });
    }
    const user = memberOf(request, s.website.id);
    if (user) {
      // Signing out is an account call: it needs the session's xsrfToken besides the crumb.
      if (!xsrfMatches(request, user)) throw new AppError('XSRF_TOKEN_INVALID');
      const copy = raw === 'true' ? await deps.memberCarts.clone(s.website.id, user.id) : null;
      await endSiteUserSession(deps.store.db, user.sessionId);
      if (copy) setCartCookie(request, reply, copy);
      else clearCartCookie(request, reply);
    }
    clearMemberCookies(request, reply);
    return reply.header('cache-control', 'no-store').send({ authenticated: false });
  });
}
