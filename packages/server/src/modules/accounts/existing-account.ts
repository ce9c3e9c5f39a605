import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { siteSender } from '../../mail/site.js';
import { newId } from '../../storage/ids.js';
import { baseUrlOf } from '../commerce/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { MEMBER_COOKIE, setMemberCookies } from './cookies.js';
import type { AccountsDeps } from './deps.js';
import { endSiteUserSession, newSecretToken, normalizeEmail, REMEMBER_ME_MS, SESSION_MS, sha256 } from './users.js';
import type {} from './mail.js';

/**
 * A sign-up with an address that already has an account. Answering "this email has an account"
 * would tell anyone who has an account here, so the answer is the one a new sign-up gets: 201, the
 * same fields and cookies, and the same work (the password was hashed, a mail is written). Nothing
 * of the account changes and nobody is signed in: the fields and the cookie's token are random and
 * name no session (the next request drops the cookies). The address's holder gets a mail instead,
 * telling them to sign in or reset their password; the person at the form reads it there too.
 */
export async function answerExistingSignUp(
  deps: AccountsDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  s: SiteSnapshot,
  input: { email: string; rememberMe: boolean; orderToken?: string },
  now: number,
) {
  const email = normalizeEmail(input.email);
  // A new account with a bad order token is refused after it is made; so is this one.
  if (input.orderToken !== undefined) {
    await deps.signer.ready(s.website.id);
    if (!(await deps.signer.orderIdFromToken(s.website.id, input.orderToken))) throw new AppError('MEMBERSHIP_ORDER_INVALID');
  }
  await mailExistingAccount(deps, request, s, email);
  // A sign-up ends the session the browser had (it signs in anew); so does this one, which signs in nobody.
  const previous = request.cookies[MEMBER_COOKIE];
  if (previous) await endSiteUserSession(deps.store.db, sha256(previous));
  const expiresOn = now + (input.rememberMe ? REMEMBER_ME_MS : SESSION_MS);
  const siteUserId = newId();
  setMemberCookies(request, reply, newSecretToken(), siteUserId, input.rememberMe, expiresOn, now);
  return {
    xsrfToken: newSecretToken(),
    siteUserId,
    email,
    expiresOn,
    ...(input.orderToken !== undefined ? { memberships: [] } : {}),
  };
}

/**
 * The holder's mail, `account-sign-up-existing`: a few an hour per account at most (a stranger
 * could otherwise fill their mailbox), past which the answer stays the same and no mail is written.
 */
async function mailExistingAccount(deps: AccountsDeps, request: FastifyRequest, s: SiteSnapshot, email: string): Promise<void> {
  if (!deps.mail) return;
  const limit = await deps.accountLimiter.hit(s.website.id, [{ rule: deps.accountLimits.signUpNoticePerAccount, subject: sha256(email).slice(0, 22) }]);
  if (!limit.allowed) return;
  const baseUrl = baseUrlOf(deps, request);
  const sender = siteSender(s, baseUrl, deps.mailFrom);
  await deps.mail.send(deps.store.db, {
    websiteId: s.website.id,
    kind: 'account-sign-up-existing',
    to: email,
    from: sender.from,
    site: sender.site,
    input: { email, signInUrl: `${baseUrl}/account/login`, resetUrl: `${baseUrl}/account/reset-password` },
  });
  deps.mail.kick();
}
