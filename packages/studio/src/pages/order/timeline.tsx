// An order's timeline, newest first: what happened, who did it and when (in the site's time zone);
// staff with manageOrders add notes here (never shown to the customer).
import { type FormEvent, useState } from 'react';
import type { OrderDetail, TimelineEntry } from './calls.js';
import type { Fmt } from './fmt.js';

const MAIL_KINDS: Record<string, string> = {
  shipped: 'Shipped email',
  canceled: 'Cancellation email',
  receipt: 'Receipt',
  new_order: 'New order email',
  dispute: 'Dispute email',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (lines: unknown) =>
  Array.isArray(lines) ? lines.reduce((n: number, l: { quantity?: unknown }) => n + (typeof l?.quantity === 'number' ? l.quantity : 0), 0) : 0;
const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** What an entry says happened. */
function describe(entry: TimelineEntry, fmt: Fmt): string {
  const d = entry.data ?? {};
  switch (entry.type) {
    case 'placed':
      return 'Order placed';
    case 'paid':
      return entry.actor.kind === 'staff' ? `Marked as paid${text(d.reference) ? ` (reference ${text(d.reference)})` : ''}` : 'Payment received';
    case 'payment_declined':
      return 'Payment declined';
    case 'fulfilled': {
      const n = count(d.lines);
      const tracking = [text(d.carrier), text(d.trackingNumber)].filter(Boolean).join(' ');
      return `${n ? `Fulfilled ${items(n)}` : 'Fulfilled'}${tracking ? ` (${tracking})` : ''}`;
    }
    case 'canceled':
      return d.reason === 'hold_expired' ? 'Canceled: not paid in time, its stock released' : 'Order canceled';
    case 'refunded': {
      const n = count(d.lines);
      const amount = typeof d.amountCents === 'number' ? fmt.money(d.amountCents) : '';
      return `Refunded${amount ? ` ${amount}` : ''}${n ? ` for ${items(n)}` : ''}`;
    }
    case 'payment_failed':
      return `A payment attempt failed${text(d.message) ? `: ${text(d.message)}` : ''} (the order waits for another until its hold ends)`;
    case 'refund_failed': {
      const amount = typeof d.amountCents === 'number' ? fmt.money(d.amountCents) : '';
      return `Refund${amount ? ` of ${amount}` : ''} failed at the payment provider: nothing was given back`;
    }
    case 'late_payment_refunded': {
      const amount = typeof d.amountCents === 'number' ? fmt.money(d.amountCents) : '';
      return `A payment${amount ? ` of ${amount}` : ''} arrived after the order was canceled, and was refunded at once`;
    }
    case 'disputed': {
      const amount = typeof d.amountCents === 'number' ? fmt.money(d.amountCents) : '';
      return `The customer disputed the payment${amount ? ` of ${amount}` : ''}${text(d.reason) ? ` (reason: ${text(d.reason).replaceAll('_', ' ')})` : ''}: answer it in Stripe`;
    }
    case 'dispute_closed': {
      const outcomes: Record<string, string> = {
        won: 'won: the payment stays',
        lost: 'lost: the money went back to the customer',
        warning_closed: 'closed without a dispute',
      };
      return `Dispute ${outcomes[text(d.status)] ?? `closed (${text(d.status) || 'no outcome given'})`}`;
    }
    case 'note':
      return 'Note';
    case 'mail':
      return `${MAIL_KINDS[text(d.kind)] ?? 'Email'} sent${text(d.to) ? ` to ${text(d.to)}` : ''}`;
    default:
      return entry.type.charAt(0).toUpperCase() + entry.type.slice(1).replaceAll('_', ' ');
  }
}

function actor(entry: TimelineEntry): string {
  if (entry.actor.kind === 'staff') return entry.actor.email ?? 'staff';
  if (entry.actor.kind === 'customer') return entry.actor.email ? `the customer (${entry.actor.email})` : 'the customer';
  return 'Tessera';
}

export interface TimelineProps {
  order: OrderDetail;
  fmt: Fmt;
  /** Whether the account may add notes (manageOrders). */
  canNote: boolean;
  noting: boolean;
  onNote(text: string): Promise<boolean>;
}

export function Timeline({ order, fmt, canNote, noting, onNote }: TimelineProps) {
  const entries = [...order.timeline].sort((a, b) => b.created - a.created);
  return (
    <section className="card order-section" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      {canNote && <NoteForm busy={noting} onNote={onNote} />}
      {entries.length === 0 ? (
        <p className="empty">Nothing has happened to this order yet.</p>
      ) : (
        <ol className="timeline">
          {entries.map((e) => (
            <li key={e.id} className={`timeline-entry timeline-entry-${e.type}`}>
              <p className="timeline-what">{describe(e, fmt)}</p>
              {e.type === 'note' && <p className="timeline-note">{text(e.data?.text)}</p>}
              <p className="muted">
                by {actor(e)} · <time dateTime={new Date(e.created).toISOString()}>{fmt.time(e.created)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const NOTE_MAX = 2000;

function NoteForm({ busy, onNote }: { busy: boolean; onNote(text: string): Promise<boolean> }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const note = value.trim();
    if (!note) return setError('Write the note first.');
    if (note.length > NOTE_MAX) return setError(`A note holds at most ${NOTE_MAX} characters.`);
    setError(null);
    if (await onNote(note)) setValue('');
  };
  return (
    <form className="note-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor="order-note">Add a note</label>
      <textarea
        id="order-note"
        rows={2}
        maxLength={NOTE_MAX}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby="order-note-hint order-note-error"
        onChange={(e) => setValue(e.target.value)}
      />
      <p id="order-note-hint" className="hint">
        Only staff see notes.
      </p>
      {error && (
        <p id="order-note-error" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="button-secondary" disabled={busy}>
        {busy ? 'Adding…' : 'Add note'}
      </button>
    </form>
  );
}
