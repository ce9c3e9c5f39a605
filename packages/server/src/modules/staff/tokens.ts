import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../storage/statement.js';

/**
 * One-time tokens of the owner's side (`owner_tokens`): a staff invitation (7 days) and the
 * owner's password reset by mail (1 hour). The mailed link carries the token; the store keeps its
 * SHA-256 only, so a copy of the store opens no account. A token works once: its use is a guarded
 * UPDATE (`used_on IS NULL`), so two requests with one link cannot both succeed.
 */
export type TokenPurpose = 'invite' | 'reset';

export const INVITATION_LIFETIME_MS = 7 * 86_400_000;
export const RESET_LIFETIME_MS = 60 * 60_000;

/** 32 random bytes in base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: tokenId(token) };
}

function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The stored id of a token from a link, or null when it cannot be one of ours. */
function idOf(token: unknown): string | null {
  return typeof token === 'string' && TOKEN.test(token) ? tokenId(token) : null;
}

export interface TokenHolder {
  email: string;
  website_role: number | null;
  account_id: string | null;
}

/** What a valid, unused token of this purpose names, without using it (the page checks its link before showing the form). */
export async function peekToken(db: Executor, websiteId: string, token: unknown, purpose: TokenPurpose, now: number): Promise<TokenHolder | undefined> {
  const id = idOf(token);
  if (!id) return undefined;
  return db
    .selectFrom('owner_tokens')
    .select(['email', 'website_role', 'account_id'])
    .where('id', '=', id)
    .where('website_id', '=', websiteId)
    .where('purpose', '=', purpose)
    .where('used_on', 'is', null)
    .where('expires_on', '>', now)
    .executeTakeFirst();
}

/** Uses a token once: marks it used and answers what it names, or undefined when unknown, used, expired or of another purpose. */
export async function useToken(db: Executor, websiteId: string, token: unknown, purpose: TokenPurpose, now: number): Promise<TokenHolder | undefined> {
  const id = idOf(token);
  if (!id) return undefined;
  return db
    .updateTable('owner_tokens')
    .set({ used_on: now })
    .where('id', '=', id)
    .where('website_id', '=', websiteId)
    .where('purpose', '=', purpose)
    .where('used_on', 'is', null)
    .where('expires_on', '>', now)
    .returning(['email', 'website_role', 'account_id'])
    .executeTakeFirst();
}

/** A reset link for an account; its expired or used links go (the table stays small without a job). */
export async function issueResetToken(db: Executor, account: { id: string; website_id: string; email: string }, now: number): Promise<string> {
  const { token, id } = newToken();
  await db
    .deleteFrom('owner_tokens')
    .where('account_id', '=', account.id)
    .where('purpose', '=', 'reset')
    .where((eb) => eb.or([eb('expires_on', '<=', now), eb('used_on', 'is not', null)]))
    .execute();
  await db
    .insertInto('owner_tokens')
    .values({
      id,
      website_id: account.website_id,
      purpose: 'reset',
      email: account.email,
      website_role: null,
      account_id: account.id,
      invited_by: null,
      created_on: now,
      expires_on: now + RESET_LIFETIME_MS,
      used_on: null,
    })
    .execute();
  return token;
}

/** Once a password was reset, no other reset link of the account works. */
export async function dropResetTokens(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('owner_tokens').where('account_id', '=', accountId).where('purpose', '=', 'reset').execute();
}
