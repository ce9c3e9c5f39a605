import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isValidEmail } from '@tessera/core/validation';
import { WebsiteRole } from '@tessera/core/enums';
import type { OwnerAuth } from '../../permissions.js';
import { newId } from '../../storage/ids.js';
import type { Database } from '../../storage/schema.js';
import type {} from '../../storage/schema-analytics.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SCRYPT_COST, checkAndUpgrade, hashPassword, type ScryptCost } from './passwords.js';
import { systemClock } from '../../clock.js';

type Db = Kysely<Database>;

/** How long a sign-in lasts at most. */
export const SESSION_DAYS = 14;

/**
 * A session unused this long ends, whatever its age: a browser left signed in on a shared computer
 * does not stay the owner's for two weeks. Twelve hours spans a working day with long pauses.
 */
export const SESSION_IDLE_MS = 12 * 3_600_000;

/**
 * A session's last-seen time is written at most this often, not at every request (pages, assets
 * and API calls would each cost a write); the idle timeout is thus exact to a minute.
 */
export const SESSION_TOUCH_MS = 60_000;

/** A business failure of the owner commands, with its message for the person at the terminal. */
export class OwnerError extends Error {}

const ROLE_CODES: ReadonlySet<number> = new Set(Object.values(WebsiteRole));
function isWebsiteRole(code: number): boolean {
  return ROLE_CODES.has(code);
}

/**
 * A website role from the command line: its code (`4`) or its name in any case, with `-`, `_` or
 * spaces (`editor`, `store-manager`, `WEBSITE_MANAGER`).
 */
export function parseWebsiteRole(raw: string): number {
  const code = /^\d+$/.test(raw.trim())
    ? Number(raw)
    : (WebsiteRole as Record<string, number>)[
        raw
          .trim()
          .toUpperCase()
          .replace(/[-\s]+/g, '_')
      ];
  if (code === undefined || !isWebsiteRole(code)) {
    const names = Object.keys(WebsiteRole)
      .map((k) => k.toLowerCase().replace(/_/g, '-'))
      .join(', ');
    throw new OwnerError(`"${raw}" is not a website role: use one of ${names} (or its code)`);
  }
  return code;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkOwnerInput(email: string, password: string): void {
  if (!isValidEmail(normalizeEmail(email))) throw new OwnerError(`"${email}" is not a valid email address`);
  if (password.length < PASSWORD_MIN_LENGTH) throw new OwnerError(`the password needs at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) throw new OwnerError(`the password may have at most ${PASSWORD_MAX_LENGTH} characters`);
}

/**
 * Creates an account of the site's staff: the owner (website role admin) by default, or a
 * contributor with another website role (docs/roles.md). Fails when the email already has one.
 */
export async function createOwner(
  db: Db,
  websiteId: string,
  email: string,
  password: string,
  now = systemClock(),
  role: number = WebsiteRole.ADMIN,
  cost: ScryptCost = SCRYPT_COST,
): Promise<string> {
  if (!isWebsiteRole(role)) throw new OwnerError(`${role} is not a website role`);
  checkOwnerInput(email, password);
  const normalized = normalizeEmail(email);
  const taken = await db.selectFrom('owner_accounts').select('id').where('website_id', '=', websiteId).where('email', '=', normalized).executeTakeFirst();
  if (taken) throw new OwnerError(`${normalized} already has an owner account for this site (tessera owner password ${normalized} sets a new password)`);
  const id = newId();
  await db
    .insertInto('owner_accounts')
    .values({
      id,
      website_id: websiteId,
      email: normalized,
      password_hash: await hashPassword(password, cost),
      website_role: role,
      created_on: now,
      // The owner hears of every new order; other staff ask for it on the staff page.
      notify_new_orders: role === WebsiteRole.ADMIN ? 1 : 0,
    })
    .execute();
  return id;
}

/** Sets a new password and ends every session of the account. */
export async function setOwnerPassword(db: Db, websiteId: string, email: string, password: string, cost: ScryptCost = SCRYPT_COST): Promise<void> {
  checkOwnerInput(email, password);
  const account = await findAccount(db, websiteId, email);
  if (!account) throw new OwnerError(`${normalizeEmail(email)} has no owner account for this site`);
  const hash = await hashPassword(password, cost);
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

/**
 * The account for these credentials, or undefined; takes as long for an unknown email as for a
 * wrong password. A right password stored with an older, cheaper hash gets a new one at `cost`.
 */
export async function checkCredentials(db: Db, websiteId: string, email: string, password: string, cost: ScryptCost = SCRYPT_COST) {
  const account = await findAccount(db, websiteId, email);
  const ok = await checkAndUpgrade(password, account?.password_hash, cost, (stronger) => replaceOwnerHash(db, account!.id, account!.password_hash, stronger));
  return ok ? account : undefined;
}

/**
 * Replaces a hash by a stronger one of the same password, only while the stored hash is still the
 * one that was checked: a new password set meanwhile (tessera owner password) is never undone.
 */
async function replaceOwnerHash(db: Db, accountId: string, checked: string, stronger: string): Promise<void> {
  await db.updateTable('owner_accounts').set({ password_hash: stronger }).where('id', '=', accountId).where('password_hash', '=', checked).execute();
}

const tokenId = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session; returns the token for the cookie (the store keeps only its hash). */
export async function startSession(db: Db, account: { id: string; website_id: string }, now: number): Promise<{ token: string; expiresOn: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresOn = now + SESSION_DAYS * 86_400_000;
  await pruneSessions(db, account.id, now);
  await db
    .insertInto('owner_sessions')
    .values({
      id: tokenId(token),
      website_id: account.website_id,
      account_id: account.id,
      created_on: now,
      expires_on: expiresOn,
      last_seen_on: now,
    })
    .execute();
  return { token, expiresOn };
}

/** Ended sessions (expired or idle) of the account go as a new one starts: the table stays small without a job. */
async function pruneSessions(db: Db, accountId: string, now: number): Promise<void> {
  await db
    .deleteFrom('owner_sessions')
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('expires_on', '<=', now), eb('last_seen_on', '<=', now - SESSION_IDLE_MS)]))
    .execute();
}

/** The session a cookie's token names (its id in the store), whether or not it is still valid. */
export function sessionIdOf(token: string): string | null {
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? tokenId(token) : null;
}

/** The signed-in owner of a session token, if the session exists, has not expired and was used within the idle timeout. */
export async function sessionAuth(db: Db, token: string, now: number): Promise<(OwnerAuth & { lastSeenOn: number }) | null> {
  const id = sessionIdOf(token);
  if (!id) return null;
  const row = await db
    .selectFrom('owner_sessions')
    .innerJoin('owner_accounts', 'owner_accounts.id', 'owner_sessions.account_id')
    .select([
      'owner_sessions.id',
      'owner_sessions.website_id',
      'owner_sessions.last_seen_on',
      'owner_accounts.id as account_id',
      'owner_accounts.email',
      'owner_accounts.website_role',
    ])
    .where('owner_sessions.id', '=', id)
    .where('owner_sessions.expires_on', '>', now)
    .where('owner_sessions.last_seen_on', '>', now - SESSION_IDLE_MS)
    .executeTakeFirst();
  if (!row) return null;
  return {
    accountId: row.account_id,
    websiteId: row.website_id,
    email: row.email,
    websiteRoles: [row.website_role],
    sessionId: row.id,
    lastSeenOn: Number(row.last_seen_on),
  };
}

/** Records that a session was used now (the idle timeout counts from here). */
export async function touchSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db.updateTable('owner_sessions').set({ last_seen_on: now }).where('id', '=', sessionId).execute();
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('owner_sessions').where('id', '=', sessionId).execute();
}
