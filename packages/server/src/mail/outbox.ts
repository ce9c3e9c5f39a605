import type { Kysely, Selectable, Transaction } from 'kysely';
import { newId } from '../storage/ids.js';
import type { Database } from '../storage/schema.js';
import type { OutboxStatus, OutboxTable } from '../storage/schema-forms.js';
import type { MailContent, OutgoingMessage } from './message.js';

type Db = Kysely<Database> | Transaction<Database>;
export type OutboxRow = Selectable<OutboxTable>;

export interface OutboxEntry extends MailContent {
  readonly websiteId: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly replyTo?: string | null;
  /** When it is due (epoch ms); at once when absent or past. */
  readonly dueOn?: number;
}

/** Writes a message to the outbox, due at once (or at `dueOn`). Called inside the transaction of the work it reports. */
export async function insertOutbox(db: Db, entry: OutboxEntry, now: number): Promise<string> {
  const id = newId();
  await db
    .insertInto('outbox')
    .values({
      id,
      website_id: entry.websiteId,
      kind: entry.kind,
      sender: entry.from,
      recipient: entry.to,
      reply_to: entry.replyTo ?? null,
      subject: entry.subject,
      text_body: entry.text,
      html_body: entry.html,
      headers: JSON.stringify(entry.headers ?? {}),
      status: 'pending',
      attempts: 0,
      next_attempt_on: Math.max(now, entry.dueOn ?? now),
      claimed_until: null,
      last_error: null,
      transport: null,
      created_on: now,
      sent_on: null,
    })
    .execute();
  return id;
}

/**
 * Takes up to `limit` due messages for this process until `now + claimMs`. Each row is claimed by a
 * guarded update, so when several processes look at once, each message goes to one of them; a
 * process that dies holding a claim lets it lapse, and the message is taken again after claimMs.
 */
export async function claimDue(db: Kysely<Database>, now: number, limit: number, claimMs: number): Promise<OutboxRow[]> {
  const due = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_on', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_attempt_on')
    .orderBy('created_on')
    .limit(limit)
    .execute();
  const claimed: OutboxRow[] = [];
  for (const { id } of due) {
    const rows = await db
      .updateTable('outbox')
      .set({ claimed_until: now + claimMs })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .returningAll()
      .execute();
    if (rows[0]) claimed.push(rows[0]);
  }
  return claimed;
}

export async function markSent(db: Kysely<Database>, id: string, now: number, transport: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({ status: 'sent' as OutboxStatus, sent_on: now, transport, claimed_until: null, last_error: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: due again at `nextAttemptOn`, or given up (`failed`, kept) after the last attempt. */
export async function markAttemptFailed(db: Kysely<Database>, id: string, error: string, nextAttemptOn: number | null): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      status: (nextAttemptOn === null ? 'failed' : 'pending') as OutboxStatus,
      next_attempt_on: nextAttemptOn ?? eb.ref('next_attempt_on'),
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 1000),
      claimed_until: null,
    }))
    .where('id', '=', id)
    .execute();
}

/** Given-up messages back to pending, due now (`tessera mail retry`). */
export async function requeueFailed(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_on: now, claimed_until: null })
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function toMessage(row: OutboxRow): OutgoingMessage {
  return {
    id: row.id,
    kind: row.kind,
    from: row.sender,
    to: row.recipient,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers: JSON.parse(row.headers) as Record<string, string>,
  };
}
