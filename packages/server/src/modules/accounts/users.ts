import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId } from '../../storage/ids.js';
import type { Database } from '../../storage/schema.js';
import type {} from '../../storage/schema-accounts.js';
import type { Executor } from '../../storage/statement.js';
import { SCRYPT_COST, checkAndUpgrade, hashPassword, type ScryptCost } from '../admin/index.js';

type Db = Kysely<Database>;

/**
 * Visitor accounts and their sessions in the store: one query per function. Passwords are hashed
 * as the owner's are (scrypt, modules/admin/passwords.ts); sessions, xsrf tokens and mailed
 * tokens are random and kept only as SHA-256 hashes, so a copy of the store holds nothing usable.
 */

/** How long a sign-in lasts: a browser session (and a day at most), or 30 days with rememberMe. */
export const SESSION_MS = 24 * 3_600_000;
export const REMEMBER_ME_MS = 30 * 86_400_000;

/** The signed-in visitor of a request. */
export interface SiteUserAuth {
  readonly id: string;
  readonly websiteId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly locale: string | null;
  readonly emailVerified: boolean;
  /** The session's id (the hash of its token), so that it can be ended. */
  readonly sessionId: string;
  readonly xsrfHash: string;
  readonly rememberMe: boolean;
  readonly expiresOn: number;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A random token for a cookie or a link: 43 base64url characters (256 bits). */
export const newSecretToken = () => randomBytes(32).toString('base64url');
const SECRET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function findSiteUserByEmail(db: Executor, websiteId: string, email: string) {
  return db.selectFrom('site_users').selectAll().where('website_id', '=', websiteId).where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findSiteUser(db: Executor, websiteId: string, id: string) {
  return db.selectFrom('site_users').selectAll().where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
}

/**
 * Creates an account; answers null when the email already has one (the unique key decides, also
 * under races). The password is hashed either way, so both outcomes take as long.
 */
export async function createSiteUser(
  db: Db,
  websiteId: string,
  input: { email: string; password: string; firstName?: string; lastName?: string; locale?: string | null },
  now: number,
  cost: ScryptCost = SCRYPT_COST,
): Promise<string | null> {
  const id = newId();
  const hash = await hashPassword(input.password, cost);
  const result = await db
    .insertInto('site_users')
    .values({
      id,
      website_id: websiteId,
      email: normalizeEmail(input.email),
      password_hash: hash,
      first_name: input.firstName ?? '',
      last_name: input.lastName ?? '',
      locale: input.locale ?? null,
      email_verified_on: null,
      created_on: now,
      updated_on: now,
    })
    .onConflict((oc) => oc.columns(['website_id', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 ? id : null;
}

/**
 * The account for these credentials, or undefined; as slow for an unknown email as for a wrong
 * password. A right password stored with an older, cheaper hash gets a new one at `cost`.
 */
export async function checkSiteUserCredentials(db: Db, websiteId: string, email: string, password: string, cost: ScryptCost = SCRYPT_COST) {
  const user = await findSiteUserByEmail(db, websiteId, email);
  const ok = await checkAndUpgrade(password, user?.password_hash, cost, (stronger) => replaceSiteUserHash(db, user!.id, user!.password_hash, stronger));
  return ok ? user : undefined;
}

/**
 * Replaces a hash by a stronger one of the same password, only while the stored hash is still the
 * one that was checked: a password reset meanwhile is never undone.
 */
async function replaceSiteUserHash(db: Db, siteUserId: string, checked: string, stronger: string): Promise<void> {
  await db.updateTable('site_users').set({ password_hash: stronger }).where('id', '=', siteUserId).where('password_hash', '=', checked).execute();
}

/** Starts a session: answers the cookie's token and the xsrfToken (the store keeps their hashes). */
export async function startSiteUserSession(
  db: Executor,
  user: { id: string; website_id: string },
  rememberMe: boolean,
  userAgent: string,
  now: number,
): Promise<{ token: string; xsrfToken: string; expiresOn: number }> {
  const token = newSecretToken();
  const xsrfToken = newSecretToken();
  const expiresOn = now + (rememberMe ? REMEMBER_ME_MS : SESSION_MS);
  // The account's expired sessions go as a new one starts: the table stays small without a job.
  await db.deleteFrom('site_user_sessions').where('site_user_id', '=', user.id).where('expires_on', '<=', now).execute();
  await db
    .insertInto('site_user_sessions')
    .values({
      id: sha256(token),
      website_id: user.website_id,
      site_user_id: user.id,
      xsrf_hash: sha256(xsrfToken),
      remember_me: rememberMe ? 1 : 0,
      user_agent: userAgent.slice(0, 200),
      created_on: now,
      expires_on: expiresOn,
    })
    .execute();
  return { token, xsrfToken, expiresOn };
}

/** The signed-in visitor of a session token on a site, if the session exists and has not expired. */
export async function siteUserSession(db: Db, websiteId: string | null, token: string, now: number): Promise<SiteUserAuth | null> {
  if (!SECRET_TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('site_user_sessions as s')
    .innerJoin('site_users as u', 'u.id', 's.site_user_id')
    .select([
      's.id as session_id',
      's.website_id',
      's.xsrf_hash',
      's.remember_me',
      's.expires_on',
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.locale',
      'u.email_verified_on',
    ])
    .where('s.id', '=', sha256(token))
    .where('s.expires_on', '>', now)
    .executeTakeFirst();
  if (!row || (websiteId !== null && row.website_id !== websiteId)) return null;
  return {
    id: row.id,
    websiteId: row.website_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    locale: row.locale,
    emailVerified: row.email_verified_on !== null,
    sessionId: row.session_id,
    xsrfHash: row.xsrf_hash,
    rememberMe: row.remember_me === 1,
    expiresOn: Number(row.expires_on),
  };
}

export async function endSiteUserSession(db: Executor, sessionId: string): Promise<void> {
  await db.deleteFrom('site_user_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of an account but `keep` (the one making the call); answers how many ended. */
export async function revokeSiteUserSessions(db: Executor, siteUserId: string, keep: string | null = null): Promise<number> {
  let q = db.deleteFrom('site_user_sessions').where('site_user_id', '=', siteUserId);
  if (keep) q = q.where('id', '!=', keep);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function listSiteUserSessions(db: Executor, siteUserId: string, now: number) {
  return db
    .selectFrom('site_user_sessions')
    .select(['id', 'user_agent', 'remember_me', 'created_on', 'expires_on'])
    .where('site_user_id', '=', siteUserId)
    .where('expires_on', '>', now)
    .orderBy('created_on', 'desc')
    .execute();
}

/** Sets a new password; every session of the account ends (a reset is also a way out of a stolen session). */
export async function setSiteUserPassword(
  db: Db,
  siteUserId: string,
  password: string,
  now: number,
  verified: boolean,
  cost: ScryptCost = SCRYPT_COST,
): Promise<void> {
  const hash = await hashPassword(password, cost);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('site_users')
      .set({ password_hash: hash, updated_on: now, ...(verified ? { email_verified_on: now } : {}) })
      .where('id', '=', siteUserId)
      .execute();
    await tx.deleteFrom('site_user_sessions').where('site_user_id', '=', siteUserId).execute();
    await tx.deleteFrom('site_user_tokens').where('site_user_id', '=', siteUserId).where('purpose', '=', 'password-reset').execute();
  });
}

/** A one-time token for a mailed link (password reset, email verification): answers the token; the store keeps its hash. */
export async function issueSiteUserToken(
  db: Executor,
  user: { id: string; website_id: string },
  purpose: 'password-reset' | 'verify-email',
  lifetimeMs: number,
  now: number,
): Promise<string> {
  const token = newSecretToken();
  await db.deleteFrom('site_user_tokens').where('site_user_id', '=', user.id).where('expires_on', '<=', now).execute();
  await db
    .insertInto('site_user_tokens')
    .values({
      id: sha256(token),
      website_id: user.website_id,
      site_user_id: user.id,
      purpose,
      created_on: now,
      expires_on: now + lifetimeMs,
    })
    .execute();
  return token;
}

/** Uses a token once: deletes it and answers its account id, or null when unknown, expired or of another purpose. */
export async function useSiteUserToken(
  db: Executor,
  websiteId: string,
  token: unknown,
  purpose: 'password-reset' | 'verify-email',
  now: number,
): Promise<string | null> {
  if (typeof token !== 'string' || !SECRET_TOKEN.test(token)) return null;
  const row = await db
    .deleteFrom('site_user_tokens')
    .where('id', '=', sha256(token))
    .where('website_id', '=', websiteId)
    .where('purpose', '=', purpose)
    .where('expires_on', '>', now)
    .returning('site_user_id')
    .executeTakeFirst();
  return row?.site_user_id ?? null;
}

/** A token's account, without using it (the reset page checks its link before showing the form). */
export async function peekSiteUserToken(
  db: Executor,
  websiteId: string,
  token: unknown,
  purpose: 'password-reset' | 'verify-email',
  now: number,
): Promise<boolean> {
  if (typeof token !== 'string' || !SECRET_TOKEN.test(token)) return false;
  const row = await db
    .selectFrom('site_user_tokens')
    .select('id')
    .where('id', '=', sha256(token))
    .where('website_id', '=', websiteId)
    .where('purpose', '=', purpose)
    .where('expires_on', '>', now)
    .executeTakeFirst();
  return !!row;
}
