// The mailing list, drawn from props only (page.tsx holds the state and calls the API): the search
// and filters, the counts per state, the Export CSV link, the subscribers as a table (cards on a
// phone), Load more, and the confirmation before an address is removed.
import { type FormEvent, useRef, useState } from 'react';
import { useFocusWhenLost } from '../../ui/keep-focus.js';
import { formatCount, formatTime } from '../../format.js';
import { Dialog } from '../../ui/dialog.js';
import { type BadgeTone, StatusBadge } from '../../ui/status-badge.js';
import { NO_FILTERS, type Subscriber, type SubscriberFilters, type SubscriberStatus, exportUrl } from './calls.js';
import type { ListState, MailingListContext } from './page.js';
import { LoadMore } from '../../ui/load-more.js';

const STATUS_WORDS: Record<SubscriberStatus, [string, BadgeTone]> = {
  pending: ['Waiting for confirmation', 'warn'],
  subscribed: ['Subscribed', 'good'],
  unsubscribed: ['Unsubscribed', 'neutral'],
};

/** Sources in the owner's words; others as stored. */
const SOURCE_WORDS: Record<string, string> = {
  'newsletter-form': 'Newsletter form',
  restock: 'Restock sign-up',
};
const sourceWords = (source: string) => SOURCE_WORDS[source] ?? source;

export interface MailingListViewProps {
  context: MailingListContext;
  filters: SubscriberFilters;
  state: ListState;
  message: string;
  /** The id of the address being removed. */
  removing: string | null;
  onFilters(filters: SubscriberFilters): void;
  onMore(): void;
  onRetry(): void;
  onRemove(subscriber: Subscriber): Promise<boolean>;
}

const narrowed = (f: SubscriberFilters) => !!(f.q || f.status || f.source);

function FilterForm({
  context,
  filters,
  errors,
  onFilters,
}: {
  context: MailingListContext;
  filters: SubscriberFilters;
  errors: Record<string, string>;
  onFilters(f: SubscriberFilters): void;
}) {
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof SubscriberFilters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters({ ...draft, q: draft.q.trim() });
  };
  const sources = draft.source && !(context.sources ?? []).includes(draft.source) ? [...(context.sources ?? []), draft.source] : (context.sources ?? []);
  return (
    <form className="list-tools subscriber-filters" role="search" aria-label="Search the mailing list" onSubmit={submit}>
      <label>
        Search
        <input type="search" value={draft.q} maxLength={200} placeholder="Email address" onChange={set('q')} />
      </label>
      <label>
        State
        <select value={draft.status} onChange={set('status')}>
          <option value="">Any state</option>
          {(Object.keys(STATUS_WORDS) as SubscriberStatus[]).map((s) => (
            <option key={s} value={s}>
              {STATUS_WORDS[s][0]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Source
        <select value={draft.source} onChange={set('source')}>
          <option value="">Any source</option>
          {sources.map((s) => (
            <option key={s} value={s}>
              {sourceWords(s)}
            </option>
          ))}
        </select>
      </label>
      <div className="actions">
        <button type="submit">Apply</button>
        {narrowed(filters) && (
          <button type="button" className="button-secondary" onClick={() => onFilters(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
      {Object.values(errors).map((e) => (
        <p key={e} className="field-error">
          {e}
        </p>
      ))}
    </form>
  );
}

function Counts({ context, state }: { context: MailingListContext; state: ListState }) {
  if (state.status !== 'ready') return null;
  return (
    <ul className="totals subscriber-counts" aria-label="Addresses by state">
      {(Object.keys(STATUS_WORDS) as SubscriberStatus[]).map((s) => (
        <li key={s} className="card">
          <span className="muted">{STATUS_WORDS[s][0]}</span>
          <span className="card-value">{formatCount(context.language, state.counts[s])}</span>
        </li>
      ))}
    </ul>
  );
}

function listStatus(context: MailingListContext, filters: SubscriberFilters, state: ListState): string {
  if (state.status === 'loading') return 'Loading the mailing list…';
  if (state.status !== 'ready' || state.subscribers.length === 0) return '';
  const n = state.subscribers.length;
  return `Showing ${formatCount(context.language, n)} ${n === 1 ? 'address' : 'addresses'}${narrowed(filters) ? ' matching the filters' : ''}${state.nextCursor ? ', more to load' : ''}.`;
}

export function MailingListView({ context, filters, state, message, removing, onFilters, onMore, onRetry, onRemove }: MailingListViewProps) {
  const [asking, setAsking] = useState<Subscriber | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useFocusWhenLost(statusRef, message);
  const when = (ms: number | null) => (ms === null ? '' : formatTime(context.language, ms, context.timeZone));
  return (
    <>
      <p className="section-note">
        Everyone who joined the newsletter, from a form, a restock sign-up or the newsletter block. An address waits for confirmation until its owner follows
        the link mailed to them.
      </p>
      <FilterForm
        key={JSON.stringify(filters)}
        context={context}
        filters={filters}
        errors={state.status === 'error' ? state.fields : {}}
        onFilters={onFilters}
      />
      <Counts context={context} state={state} />
      <div className="orders-bar">
        <div className="status" role="status" aria-live="polite" tabIndex={-1} ref={statusRef}>
          {message || listStatus(context, filters, state)}
        </div>
        <a className="button-link button-secondary" href={exportUrl(filters)} download>
          Export CSV
        </a>
      </div>
      {state.status === 'error' && (
        <div className="error-box" role="alert">
          <p>{state.message}</p>
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'loading' && <p className="muted">Loading the mailing list…</p>}
      {state.status === 'ready' && state.subscribers.length === 0 && (
        <div className="empty-state">
          {narrowed(filters) ? (
            <>
              <p className="empty-title">No addresses match these filters</p>
              <button type="button" className="button-secondary" onClick={() => onFilters(NO_FILTERS)}>
                Clear filters
              </button>
            </>
          ) : (
            <>
              <p className="empty-title">No one has joined the mailing list yet</p>
              <p className="empty">Addresses from the newsletter form, restock sign-ups and site forms show here, newest first.</p>
            </>
          )}
        </div>
      )}
      {state.status === 'ready' && state.subscribers.length > 0 && (
        <>
          <div className="table-scroll">
            <table className="subscribers-table">
              <caption className="visually-hidden">Mailing list, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">State</th>
                  <th scope="col">Source</th>
                  <th scope="col">Signed up</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.subscribers.map((s) => {
                  const [text, tone] = STATUS_WORDS[s.status];
                  return (
                    <tr key={s.id} data-subscriber-id={s.id}>
                      <th scope="row" className="subscriber-email">
                        {s.email}
                      </th>
                      <td data-label="State">
                        <StatusBadge tone={tone}>{text}</StatusBadge>
                        {s.status === 'subscribed' && s.confirmedOn !== null && <span className="hint subscriber-when">Confirmed {when(s.confirmedOn)}</span>}
                        {s.status === 'unsubscribed' && s.unsubscribedOn !== null && (
                          <span className="hint subscriber-when">Left {when(s.unsubscribedOn)}</span>
                        )}
                      </td>
                      <td data-label="Source">{sourceWords(s.source)}</td>
                      <td data-label="Signed up">
                        <time dateTime={new Date(s.created).toISOString()}>{when(s.created)}</time>
                      </td>
                      <td className="subscriber-actions">
                        <button type="button" className="button-secondary" disabled={removing === s.id} onClick={() => setAsking(s)}>
                          Remove <span className="visually-hidden">{s.email}</span>
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {state.nextCursor && <LoadMore more={state.more} onMore={onMore} label="Load more addresses" />}
        </>
      )}
      <Dialog open={asking !== null} title="Remove this address?" onClose={() => setAsking(null)}>
        {asking && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void onRemove(asking).then((done) => done && setAsking(null));
            }}>
            <p>
              {asking.email} is deleted from the mailing list for good, as a privacy request asks: no newsletter goes to it, and it can join again only by
              signing up anew.
            </p>
            <div className="dialog-buttons">
              <button type="submit" className="button-danger" disabled={removing === asking.id}>
                Remove address
              </button>
              <button type="button" className="button-secondary" data-autofocus onClick={() => setAsking(null)}>
                Keep it
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
