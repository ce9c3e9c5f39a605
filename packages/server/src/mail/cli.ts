import { parseArgs } from 'node:util';
import type { Store } from '../storage/dialect.js';
import { requeueFailed } from './outbox.js';
import { systemClock } from '../clock.js';

class MailCliError extends Error {}

/**
 * `tessera mail list [--status pending|sent|failed]`: the outbox, newest first (at most 100), one
 * line per message with its id.
 * `tessera mail show <id>`: one message, headers and plain text: without SMTP_URL the log only
 * says that a message waits, and this is where its links and codes are read.
 * `tessera mail retry`: messages given up after their last attempt become due again; a running
 * server delivers them at its next look at the outbox.
 */
export async function runMailCommand(store: Store, args: string[], now = systemClock()): Promise<string> {
  const [sub, ...rest] = args;
  if (sub === 'retry') {
    const n = await requeueFailed(store.db, now);
    return `${n} message${n === 1 ? '' : 's'} queued again.\n`;
  }
  if (sub === 'show') {
    const id = rest[0];
    if (!id) throw new MailCliError('mail show needs a message id: tessera mail show <id> (tessera mail list shows them)');
    const row = await store.db
      .selectFrom('outbox')
      .select(['id', 'created_on', 'status', 'kind', 'sender', 'recipient', 'subject', 'text_body'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new MailCliError(`no message ${id} in the outbox`);
    return (
      [
        `Id: ${row.id}`,
        `Date: ${new Date(Number(row.created_on)).toISOString()}`,
        `Status: ${row.status}`,
        `Kind: ${row.kind}`,
        `From: ${row.sender}`,
        `To: ${row.recipient}`,
        `Subject: ${row.subject}`,
        '',
        row.text_body,
      ]
        .join('\n')
        .trimEnd() + '\n'
    );
  }
  if (sub === 'list') {
    const { values } = parseArgs({ args: rest, options: { status: { type: 'string' } } });
    if (values.status && !['pending', 'sent', 'failed'].includes(values.status)) throw new MailCliError('--status is pending, sent or failed');
    const rows = await store.db
      .selectFrom('outbox')
      .select(['id', 'created_on', 'status', 'attempts', 'kind', 'recipient', 'subject', 'last_error'])
      .$if(Boolean(values.status), (q) => q.where('status', '=', values.status as 'pending'))
      .orderBy('created_on', 'desc')
      .limit(100)
      .execute();
    if (rows.length === 0) return 'The outbox is empty.\n';
    return (
      rows
        .map((r) =>
          [
            new Date(r.created_on).toISOString(),
            r.id,
            r.status,
            `${r.attempts} attempt${r.attempts === 1 ? '' : 's'}`,
            r.kind,
            r.recipient,
            r.subject,
            r.last_error ?? '',
          ]
            .join('\t')
            .trimEnd(),
        )
        .join('\n') + '\n'
    );
  }
  throw new MailCliError(`unknown mail command "${sub ?? ''}": use "tessera mail list", "tessera mail show <id>" or "tessera mail retry"`);
}
