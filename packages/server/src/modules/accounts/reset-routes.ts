import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { loginEmailError, newPasswordError } from '@tessera/core';
import { AppError } from '../../errors.js';
import { visitorSubject } from '../../http/rate-limit.js';
import type { Mailer } from '../../mail/index.js';
import { siteSender } from '../../mail/site.js';
import { baseUrlOf } from '../commerce/index.js';
import { checker } from '../../http/validate.js';
import type { AccountsDeps } from './deps.js';
import { signIn } from './session-routes.js';
import { findSiteUser, findSiteUserByEmail, issueSiteUserToken, normalizeEmail, setSiteUserPassword, useSiteUserToken } from './users.js';

/** How long a password reset link works. */
const RESET_LINK_LIFETIME_MS = 60 * 60_000;

const Request = Type.Object({ email: Type.Unknown() }, { additionalProperties: false });
const Confirm = Type.Object(
  { token: Type.String({ maxLength: 100 }), password: Type.Unknown(), rememberMe: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const checkRequest = checker(Request);
const checkConfirm = checker(Confirm);

/**
 * Password reset by a mailed one-time link:
 *   POST /api/site-users/account/password-reset          { email } -> 202 { sent: true }, the same whether or
 *        not the email has an account, and as fast (nobody learns who has one): the account is looked up after
 *        the answer; the mail `account-password-reset` holds /account/reset-password?token=..., valid one hour, once
 *   POST /api/site-users/account/password-reset/confirm  { token, password, rememberMe? } -> { xsrfToken, ... }:
 *        the new password, every other session ended, the email verified, and this browser signed in
 */
export async function resetRoutes(app: FastifyInstance, deps: AccountsDeps): Promise<void> {
  const limits = deps.accountLimits;

  app.post('/api/site-users/account/password-reset', { bodyLimit: 4096 }, async (request, reply) => {
    const s = request.site;
    const body = checkRequest(request.body);
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    const emailError = loginEmailError(body.value.email);
    if (emailError) throw new AppError('VALIDATION_FAILED', undefined, { email: emailError });
    const email = normalizeEmail(body.value.email as string);
    const account = createHash('sha256').update(email).digest('base64url').slice(0, 22);
    const address = visitorSubject(request);
    await deps.accountLimiter.enforce(s.website.id, [
      { rule: limits.resetPerAccountAndAddress, subject: `${account}|${address}` },
      { rule: limits.resetPerAddress, subject: address },
      { rule: limits.resetPerAccount, subject: account },
    ]);
    // Whether the address has an account is looked up after the answer, by the same task for
    // every address: the answer and its time are the same for an account and for none.
    const mail = deps.mail;
    if (mail) {
      const baseUrl = baseUrlOf(deps, request);
      const sender = siteSender(s, baseUrl, deps.mailFrom);
      const now = deps.clock();
      mail.defer(() => mailPasswordReset(deps, mail, { websiteId: s.website.id, email, baseUrl, sender, now }));
    }
    return reply.status(202).header('cache-control', 'no-store').send({ sent: true });
  });

  app.post('/api/site-users/account/password-reset/confirm', { bodyLimit: 4096 }, async (request, reply) => {
    const s = request.site;
    const body = checkConfirm(request.body);
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    const passwordError = newPasswordError(body.value.password);
    if (passwordError) throw new AppError('VALIDATION_FAILED', undefined, { password: passwordError });
    const now = deps.clock();
    const siteUserId = await useSiteUserToken(deps.store.db, s.website.id, body.value.token, 'password-reset', now);
    if (!siteUserId) throw new AppError('ACCOUNT_LINK_INVALID');
    // The link came by mail: following it proves the address.
    await setSiteUserPassword(deps.store.db, siteUserId, body.value.password as string, now, true, deps.passwordCost);
    const user = (await findSiteUser(deps.store.db, s.website.id, siteUserId))!;
    return reply.header('cache-control', 'no-store').send(await signIn(deps, request, reply, s, user, body.value.rememberMe ?? false));
  });
}

/**
 * Looks the address up and, when it has an account, writes its reset link and mail (in one
 * transaction). The site's staff sends the same mail from the owner's customer page.
 */
export async function mailPasswordReset(
  deps: Pick<AccountsDeps, 'store'>,
  mail: Mailer,
  job: { websiteId: string; email: string; baseUrl: string; sender: ReturnType<typeof siteSender>; now: number },
): Promise<void> {
  const user = await findSiteUserByEmail(deps.store.db, job.websiteId, job.email);
  if (!user) return;
  await deps.store.db.transaction().execute(async (tx) => {
    const token = await issueSiteUserToken(tx, user, 'password-reset', RESET_LINK_LIFETIME_MS, job.now);
    await mail.send(tx, {
      websiteId: job.websiteId,
      kind: 'account-password-reset',
      to: user.email,
      from: job.sender.from,
      site: job.sender.site,
      input: { email: user.email, resetUrl: `${job.baseUrl}/account/reset-password?token=${token}`, lifetimeMinutes: RESET_LINK_LIFETIME_MS / 60_000 },
    });
  });
  mail.kick();
}
