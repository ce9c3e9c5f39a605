import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { ensureCrumb } from '../../http/crumb.js';
import { type RateLimit, RateLimiter, visitorSubject } from '../../http/rate-limit.js';
import { checker } from '../../http/validate.js';
import { siteSender } from '../../mail/site.js';
import {
  OWNER_COOKIE,
  OwnerError,
  type ScryptCost,
  createOwner,
  endSession,
  sendOwnerPage,
  sessionIdOf,
  setOwnerCookie,
  setOwnerPassword,
  startSession,
} from '../admin/index.js';
import { FIELD_MESSAGES, emailOf, passwordError } from './input.js';
import { roleName } from './roles.js';
import { accountByEmail } from './store.js';
import { RESET_LIFETIME_MS, dropResetTokens, issueResetToken, peekToken, useToken } from './tokens.js';

/** Open routes: the invitee and an owner who forgot the password are not signed in. They answer on a locked site too. */
const OPEN = { openWhenLocked: true } as const;

/**
 * Reset requests in an hour, counted in the store (the one rate limiter): per email from one
 * address, per address whatever the email, per email from everywhere. Each may mail the account,
 * so the counts are low; a refused request is not counted by the later rules.
 */
const RESET_LIMITS = {
  perEmailAndAddress: { name: 'owner-reset:email-address', limit: 3, windowMs: 60 * 60_000 },
  perAddress: { name: 'owner-reset:address', limit: 10, windowMs: 60 * 60_000 },
  perEmail: { name: 'owner-reset:email', limit: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimit>;

/** The one answer of a reset request, whether the email has an account or not. */
const RESET_SENT_MESSAGE = 'If this email signs in here, a link to choose a new password is on its way. It works for one hour.';

const Request = Type.Object({ email: Type.Unknown() }, { additionalProperties: false });
const WithPassword = Type.Object({ token: Type.Unknown(), password: Type.Unknown() }, { additionalProperties: false });
const checkRequest = checker(Request);
const checkWithPassword = checker(WithPassword);

/** The token of a page's link, when the query carries one that could be a token. */
const tokenOf = (request: FastifyRequest): string | null => {
  const token = (request.query as { token?: unknown }).token;
  return typeof token === 'string' && token.length <= 100 ? token : null;
};

/** The new password and token of a body, or the 400 that says what is missing. */
function passwordBody(raw: unknown): { token: string; password: string } {
  const body = checkWithPassword(raw);
  if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
  const errors: Record<string, string> = {};
  const problem = passwordError(body.value.password);
  if (problem) errors.password = problem;
  if (typeof body.value.token !== 'string' || body.value.token === '') errors.token = FIELD_MESSAGES.token;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  return { token: body.value.token as string, password: body.value.password as string };
}

/**
 * The invitee's and the forgetful owner's pages and calls (docs/owner-api.md "Staff"):
 *   GET  /config/invitation?token=                the invitation's page: choose a password (frame: false)
 *   POST /api/owner/invitation/accept             { token, password } -> the account, with the invitation's role,
 *                                                 signed in here; 400 OWNER_LINK_INVALID, 409 STAFF_ACCOUNT_EXISTS
 *   GET  /config/password-reset[?token=]          asks for the email; with a token, the new password form
 *   POST /api/owner/password-reset                { email } -> 202, the same for every address (rate limited);
 *                                                 the link is mailed after the answer when the email has an account
 *   POST /api/owner/password-reset/confirm        { token, password } -> every session of the account ends, this
 *                                                 browser is signed in; 400 OWNER_LINK_INVALID
 */
export async function accessRoutes(app: FastifyInstance, opts: { passwordCost: ScryptCost }): Promise<void> {
  const { store, clock, mail, config } = app.deps;
  const limiter = new RateLimiter(store.db, clock);

  /** Signs this browser in as the account (its previous session, whoever's, ends first, as at the sign-in). */
  const signInHere = async (request: FastifyRequest, reply: FastifyReply, account: { id: string; website_id: string; email: string; website_role: number }) => {
    const previous = sessionIdOf(request.cookies[OWNER_COOKIE] ?? '');
    if (previous) await endSession(store.db, previous);
    const { token } = await startSession(store.db, account, clock());
    setOwnerCookie(request, reply, token);
    return reply.header('cache-control', 'no-store').send({ email: account.email, websiteRoles: [account.website_role] });
  };

  app.get('/config/invitation', async (request, reply) => {
    const s = request.site;
    const token = tokenOf(request);
    const invitation = token ? await peekToken(store.db, s.website.id, token, 'invite', clock()) : undefined;
    ensureCrumb(request, reply);
    if (!invitation) reply.status(400);
    return sendOwnerPage(app, reply, s, 'invitation', 'Accept the invitation', {
      token: invitation ? token : null,
      invitation: invitation ? { email: invitation.email, roleName: roleName(invitation.website_role) } : null,
    });
  });

  app.post('/api/owner/invitation/accept', { bodyLimit: 4096, config: OPEN }, async (request, reply) => {
    const s = request.site;
    const { token, password } = passwordBody(request.body);
    const now = clock();
    const invitation = await peekToken(store.db, s.website.id, token, 'invite', now);
    if (!invitation) throw new AppError('OWNER_LINK_INVALID');
    if (await accountByEmail(store.db, s.website.id, invitation.email)) throw new AppError('STAFF_ACCOUNT_EXISTS');
    // Used before the account is made: of two requests with one link, one makes the account.
    if (!(await useToken(store.db, s.website.id, token, 'invite', now))) throw new AppError('OWNER_LINK_INVALID');
    try {
      await createOwner(store.db, s.website.id, invitation.email, password, now, invitation.website_role ?? 0, opts.passwordCost);
    } catch (error) {
      if (error instanceof OwnerError) throw new AppError('STAFF_ACCOUNT_EXISTS');
      throw error;
    }
    return signInHere(request, reply, (await accountByEmail(store.db, s.website.id, invitation.email))!);
  });

  app.get('/config/password-reset', async (request, reply) => {
    const s = request.site;
    const token = tokenOf(request);
    const valid = token ? !!(await peekToken(store.db, s.website.id, token, 'reset', clock())) : false;
    ensureCrumb(request, reply);
    if (token && !valid) reply.status(400);
    return sendOwnerPage(app, reply, s, 'password-reset', 'Reset your password', { token: valid ? token : null, linkInvalid: !!token && !valid });
  });

  app.post('/api/owner/password-reset', { bodyLimit: 4096, config: OPEN }, async (request, reply) => {
    const s = request.site;
    const body = checkRequest(request.body);
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    const email = emailOf(body.value.email);
    if (!email) throw new AppError('VALIDATION_FAILED', undefined, { email: FIELD_MESSAGES.email });
    const hashed = createHash('sha256').update(email).digest('base64url').slice(0, 22);
    const address = visitorSubject(request);
    await limiter.enforce(s.website.id, [
      { rule: RESET_LIMITS.perEmailAndAddress, subject: `${hashed}|${address}` },
      { rule: RESET_LIMITS.perAddress, subject: address },
      { rule: RESET_LIMITS.perEmail, subject: hashed },
    ]);
    // Whether the email has an account is looked up after the answer, by the same task for every
    // address: the answer and its time say nothing of who signs in here.
    const baseUrl = app.renderer.originOf(request, s);
    const sender = siteSender(s, baseUrl, config.mailFrom);
    const now = clock();
    mail.defer(async () => {
      const account = await accountByEmail(store.db, s.website.id, email);
      if (!account) return;
      await store.db.transaction().execute(async (tx) => {
        const token = await issueResetToken(tx, account, now);
        await mail.send(tx, {
          websiteId: s.website.id,
          kind: 'owner-password-reset',
          to: account.email,
          from: sender.from,
          site: sender.site,
          input: { email: account.email, resetUrl: `${baseUrl}/config/password-reset?token=${token}`, lifetimeMinutes: RESET_LIFETIME_MS / 60_000 },
        });
      });
      mail.kick();
    });
    return reply.status(202).header('cache-control', 'no-store').send({ sent: true, message: RESET_SENT_MESSAGE });
  });

  app.post('/api/owner/password-reset/confirm', { bodyLimit: 4096, config: OPEN }, async (request, reply) => {
    const s = request.site;
    const { token, password } = passwordBody(request.body);
    const holder = await useToken(store.db, s.website.id, token, 'reset', clock());
    const account = holder && (await accountByEmail(store.db, s.website.id, holder.email));
    if (!account || account.id !== holder.account_id) throw new AppError('OWNER_LINK_INVALID');
    // The new password ends every session of the account (a reset is also the way out of a stolen one).
    await setOwnerPassword(store.db, s.website.id, account.email, password, opts.passwordCost);
    await dropResetTokens(store.db, account.id);
    return signInHere(request, reply, account);
  });
}
