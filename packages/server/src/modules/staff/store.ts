import { WebsiteRole } from '@tessera/core/enums';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import type { Database } from '../../storage/schema.js';
import type {} from '../../storage/schema-analytics.js';
import type {} from '../../storage/schema-owner.js';
import type { Executor } from '../../storage/statement.js';
import { INVITATION_LIFETIME_MS, newToken } from './tokens.js';

/** The site's staff accounts and pending invitations, one query per function. */

type Db = Kysely<Database>;

export interface StaffAccountRow {
  id: string;
  email: string;
  website_role: number;
  created_on: number;
  notify_new_orders: number;
  /** The latest request of any session still kept (ended sessions are pruned): null when none is. */
  last_seen_on: number | null;
}

function accountsQuery(db: Executor, websiteId: string) {
  return db
    .selectFrom('owner_accounts as a')
    .leftJoin('owner_sessions as s', 's.account_id', 'a.id')
    .select(['a.id', 'a.email', 'a.website_role', 'a.created_on', 'a.notify_new_orders'])
    .select((eb) => eb.fn.max('s.last_seen_on').as('last_seen_on'))
    .where('a.website_id', '=', websiteId)
    .groupBy(['a.id', 'a.email', 'a.website_role', 'a.created_on', 'a.notify_new_orders']);
}

const row = (r: { last_seen_on: unknown } & Omit<StaffAccountRow, 'last_seen_on'>): StaffAccountRow => ({
  ...r,
  created_on: Number(r.created_on),
  last_seen_on: r.last_seen_on === null ? null : Number(r.last_seen_on),
});

/** Every account of the site, oldest first, with its last request. */
export async function staffAccounts(db: Db, websiteId: string): Promise<StaffAccountRow[]> {
  const rows = await accountsQuery(db, websiteId).orderBy('a.created_on').orderBy('a.id').execute();
  return rows.map(row);
}

async function staffAccount(db: Executor, websiteId: string, accountId: string): Promise<StaffAccountRow | undefined> {
  const found = await accountsQuery(db, websiteId).where('a.id', '=', accountId).executeTakeFirst();
  return found && row(found);
}

export async function accountByEmail(db: Executor, websiteId: string, email: string) {
  return db
    .selectFrom('owner_accounts')
    .select(['id', 'website_id', 'email', 'website_role'])
    .where('website_id', '=', websiteId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export interface InvitationRow {
  id: string;
  email: string;
  website_role: number | null;
  invited_by: string | null;
  created_on: number;
  expires_on: number;
}

/** Invitations not accepted yet (expired ones too: the page offers to send them again), newest first. */
export async function pendingInvitations(db: Db, websiteId: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('owner_tokens')
    .select(['id', 'email', 'website_role', 'invited_by', 'created_on', 'expires_on'])
    .where('website_id', '=', websiteId)
    .where('purpose', '=', 'invite')
    .where('used_on', 'is', null)
    .orderBy('created_on', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Stores an invitation for the email (an earlier one that is not accepted yet stops working: a
 * second invitation replaces the first). Answers the token for the mail and the stored row.
 */
export async function replaceInvitation(
  tx: Executor,
  invitation: { websiteId: string; email: string; role: number; invitedBy: string; now: number },
): Promise<{ token: string; row: InvitationRow }> {
  await tx
    .deleteFrom('owner_tokens')
    .where('website_id', '=', invitation.websiteId)
    .where('email', '=', invitation.email)
    .where('purpose', '=', 'invite')
    .where('used_on', 'is', null)
    .execute();
  const { token, id } = newToken();
  const row: InvitationRow = {
    id,
    email: invitation.email,
    website_role: invitation.role,
    invited_by: invitation.invitedBy,
    created_on: invitation.now,
    expires_on: invitation.now + INVITATION_LIFETIME_MS,
  };
  await tx
    .insertInto('owner_tokens')
    .values({ ...row, website_id: invitation.websiteId, purpose: 'invite', account_id: null, used_on: null })
    .execute();
  return { token, row };
}

/** Revokes an invitation not accepted yet; false when there is none with this id. */
export async function deleteInvitation(db: Db, websiteId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('owner_tokens')
    .where('id', '=', id)
    .where('website_id', '=', websiteId)
    .where('purpose', '=', 'invite')
    .where('used_on', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The site's admins, locked until the transaction ends on PostgreSQL: two admins demoting or
 * removing each other at once are taken one after the other, and the second sees that it would
 * leave the site without an admin. (SQLite runs one write transaction at a time.) They are locked
 * in one order, by id: two transactions locking them never each hold a row the other waits for.
 */
function lockAdmins(tx: Executor, store: Store, websiteId: string) {
  return tx
    .selectFrom('owner_accounts')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('website_role', '=', WebsiteRole.ADMIN)
    .orderBy('id')
    .$if(store.dialect === 'postgres', (q) => q.forUpdate())
    .execute();
}

/** Whether the change would leave the site without an admin: the account is its only one and stops being admin. */
async function wouldLeaveNoAdmin(tx: Executor, store: Store, websiteId: string, target: { id: string; website_role: number }): Promise<boolean> {
  if (target.website_role !== WebsiteRole.ADMIN) return false;
  const admins = await lockAdmins(tx, store, websiteId);
  return admins.every((a) => a.id === target.id);
}

/** Changes an account's role and whether it is mailed about new orders; never leaves the site without an admin. */
export async function changeAccount(
  store: Store,
  websiteId: string,
  accountId: string,
  change: { role?: number; notifyNewOrders?: boolean },
): Promise<StaffAccountRow> {
  return store.db.transaction().execute(async (tx) => {
    const target = await tx
      .selectFrom('owner_accounts')
      .select(['id', 'website_role'])
      .where('id', '=', accountId)
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    if (!target) throw new AppError('NOT_FOUND');
    if (change.role !== undefined && change.role !== WebsiteRole.ADMIN && (await wouldLeaveNoAdmin(tx, store, websiteId, target))) {
      throw new AppError('STAFF_LAST_ADMIN');
    }
    await tx
      .updateTable('owner_accounts')
      .set({
        ...(change.role !== undefined ? { website_role: change.role } : {}),
        ...(change.notifyNewOrders !== undefined ? { notify_new_orders: change.notifyNewOrders ? 1 : 0 } : {}),
      })
      .where('id', '=', accountId)
      .execute();
    return (await staffAccount(tx, websiteId, accountId))!;
  });
}

/** Removes an account, its sessions and its reset links; never the site's last admin. */
export async function removeAccount(store: Store, websiteId: string, accountId: string): Promise<void> {
  await store.db.transaction().execute(async (tx) => {
    const target = await tx
      .selectFrom('owner_accounts')
      .select(['id', 'website_role'])
      .where('id', '=', accountId)
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    if (!target) throw new AppError('NOT_FOUND');
    if (await wouldLeaveNoAdmin(tx, store, websiteId, target)) throw new AppError('STAFF_LAST_ADMIN');
    await tx.deleteFrom('owner_sessions').where('account_id', '=', accountId).execute();
    await tx.deleteFrom('owner_tokens').where('account_id', '=', accountId).execute();
    await tx.deleteFrom('owner_accounts').where('id', '=', accountId).execute();
  });
}
