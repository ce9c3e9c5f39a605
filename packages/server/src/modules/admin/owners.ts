import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isValidEmail } from '@tessera/core/validation';
import { WebsiteRole } from '@tessera/core/enums';
import type { OwnerAuth } from '../../permissions.js';
import { newId } from '../../storage/ids.js';
import type { Database } from '../../storage/schema.js';
import type {} from '../../storage/schema-analytics.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, decoyHash, hashPassword, verifyPassword } from './passwords.js';

type Db = Kysely<Database>;

/** How long a sign-in lasts. */
export const SESSION_DAYS = 14;

/** A business failure of the owner commands, with its message for the person at the terminal. */
export class OwnerError extends Error {}

const ROLE_CODES: ReadonlySet<number> = new Set(Object.values(WebsiteRole));
export function isWebsiteRole(code: number): boolean {
  return ROLE_CODES.has(code);
}

/**
 * A website role from the command line: its code (`4`) or its name in any case, with `-`, `_` or
 * spaces (`editor`, `store-manager`, `WEBSITE_MANAGER`).
 */
export function parseWebsiteRole(raw: string): number {
  const code = /^\d+$/.test(raw.trim()) ? Number(raw) : (WebsiteRole as Record<string, number>)[raw.trim().toUpperCase().replace(/[-\s]+/g, '_')];
  if (code === undefined || !isWebsiteRole(code)) {
    const names = Object.keys(WebsiteRole).map((k) => k.toLowerCase().replace(/_/g, '-')).join(', ');
    throw new OwnerError(`"${raw}" is not a website role: use one of ${names} (or its code)`);
  }
  return code;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkOwnerInput(email: string, password: string): void {
  if (!isValidEmail(normalizeEmail(email))) throw new OwnerError(`"${email}" is not a valid email address`);
  if (password.length < PASSWORD_MIN_LENGTH) throw new OwnerError(`the password needs at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) throw new OwnerError(`the password may have at most ${PASSWORD_MAX_LENGTH} characters`);
}

/**
 * Creates an account of the site's staff: the owner (website role admin) by default, or a
 * contributor with another website role (docs/roles.md). Fails when the email already has one.
 */
export async function createOwner(db: Db, websiteId: string, email: string, password: string, now = Date.now(), role: number = WebsiteRole.ADMIN): Promise<string> {
  if (!isWebsiteRole(role)) throw new OwnerError(`${role} is not a website role`);
  checkOwnerInput(email, password);
  const normalized = normalizeEmail(email);
  const taken = await db.selectFrom('owner_accounts').select('id').where('website_id', '=', websiteId).where('email', '=', normalized).executeTakeFirst();
  if (taken) throw new OwnerError(`${normalized} already has an owner account for this site (tessera owner password ${normalized} sets a new password)`);
  const id = newId();
  await db.insertInto('owner_accounts').values({
    id, website_id: websiteId, email: normalized, password_hash: await hashPassword(password), website_role: role, created_on: now,
  }).execute();
  return id;
}

/** Sets a new password and ends every session of the account. */
export async function setOwnerPassword(db: Db, websiteId: string, email: string, password: string): Promise<void> {
  checkOwnerInput(email, password);
  const account = await findAccount(db, websiteId, email);
  if (!account) throw new OwnerError(`${normalizeEmail(email)} has no owner account for this site`);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('owner_accounts').set({ password_hash: hash }).where('id', '=', account.id).execute();
    await tx.deleteFrom('owner_sessions').where('account_id', '=', account.id).execute();
  });
}

/** Ends every session of an account; returns how many there were. */
export async function revokeOwnerSessions(db: Db, websiteId: string, email: string): Promise<number> {
  const account = await findAccount(db, websiteId, email);
  if (!account) throw new OwnerError(`${normalizeEmail(email)} has no owner account for this site`);
  const result = await db.deleteFrom('owner_sessions').where('account_id', '=', account.id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function findAccount(db: Db, websiteId: string, email: string) {
  return db.selectFrom('owner_accounts').selectAll().where('website_id', '=', websiteId).where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** The account for these credentials, or undefined; takes as long for an unknown email as for a wrong password. */
export async function checkCredentials(db: Db, websiteId: string, email: string, password: string) {
  const account = await findAccount(db, websiteId, email);
  const ok = await verifyPassword(password, account?.password_hash ?? (await decoyHash()));
  return ok && account ? account : undefined;
}

const tokenId = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session; returns the token for the cookie (the store keeps only its hash). */
export async function startSession(db: Db, account: { id: string; website_id: string }, now = Date.now()): Promise<{ token: string; expiresOn: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresOn = now + SESSION_DAYS * 86_400_000;
  // Expired sessions of the account go as a new one starts: the table stays small without a job.
  await db.deleteFrom('owner_sessions').where('account_id', '=', account.id).where('expires_on', '<=', now).execute();
  await db.insertInto('owner_sessions').values({ id: tokenId(token), website_id: account.website_id, account_id: account.id, created_on: now, expires_on: expiresOn }).execute();
  return { token, expiresOn };
}

/** The signed-in owner of a session token, if the session exists and has not expired. */
export async function sessionAuth(db: Db, token: string, now = Date.now()): Promise<OwnerAuth | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const id = tokenId(token);
  const row = await db.selectFrom('owner_sessions')
    .innerJoin('owner_accounts', 'owner_accounts.id', 'owner_sessions.account_id')
    .select(['owner_sessions.id', 'owner_sessions.website_id', 'owner_accounts.id as account_id', 'owner_accounts.email', 'owner_accounts.website_role'])
    .where('owner_sessions.id', '=', id).where('owner_sessions.expires_on', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  return { accountId: row.account_id, websiteId: row.website_id, email: row.email, websiteRoles: [row.website_role], sessionId: row.id };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('owner_sessions').where('id', '=', sessionId).execute();
}
