// The mailing list, drawn from props only (page.tsx holds the state and calls the API): the search
// and filters, the counts per state, the Export CSV link, the subscribers as a table (cards on a
// phone), Load more, and the confirmation before an address is removed.
import { useState } from 'react';
import { formatCount, formatTime } from '../../format.js';
import { ErrorBox } from '../../ui/error-box.js';
import { ConfirmDialog, EmptyState, ListStatus, showing } from '../../ui/list-parts.js';
import { LoadMore } from '../../ui/load-more.js';
import { SearchForm } from '../../ui/search-form.js';
import { type BadgeTone, StatusBadge } from '../../ui/status-badge.js';
import { NO_FILTERS, type Subscriber, type SubscriberCounts, type SubscriberFilters, type SubscriberStatus, exportUrl } from './calls.js';
import type { ListProps } from '../../ui/address-list.js';
import type { ListState, MailingListContext } from './page.js';

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
const STATES = Object.keys(STATUS_WORDS) as SubscriberStatus[];

export interface MailingListViewProps {
  context: MailingListContext;
  filters: SubscriberFilters;
  list: ListProps<Subscriber, SubscriberCounts>;
  onFilters(filters: SubscriberFilters): void;
  onRemove(subscriber: Subscriber): Promise<boolean>;
}

const narrowed = (f: SubscriberFilters) => !!(f.q || f.status || f.source);

function Counts({ context, state }: { context: MailingListContext; state: ListState }) {
  if (state.status !== 'ready') return null;
  return (
    <ul className="totals subscriber-counts" aria-label="Addresses by state">
      {STATES.map((s) => (
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
  if (state.status !== 'ready' || state.items.length === 0) return '';
  return showing(context.language, state.items.length, ['address', 'addresses'], narrowed(filters), !!state.nextCursor);
}

export function MailingListView({ context, filters, list, onFilters, onRemove }: MailingListViewProps) {
  const { state, message, busy, onMore, onRetry } = list;
  const [asking, setAsking] = useState<Subscriber | null>(null);
  const when = (ms: number | null) => (ms === null ? '' : formatTime(context.language, ms, context.timeZone));
  return (
    <>
      <p className="section-note">
        Everyone who joined the newsletter, from a form, a restock sign-up or the newsletter block. An address waits for confirmation until its owner follows
        the link mailed to them.
      </p>
      <SearchForm
        key={JSON.stringify(filters)}
        className="list-tools subscriber-filters"
        label="Search the mailing list"
        placeholder="Email address"
        filters={filters}
        choices={[
          { key: 'status', label: 'State', any: 'Any state', options: STATES.map((s) => [s, STATUS_WORDS[s][0]] as const) },
          { key: 'source', label: 'Source', any: 'Any source', options: (context.sources ?? []).map((s) => [s, sourceWords(s)] as const), kept: sourceWords },
        ]}
        cleared={narrowed(filters) ? NO_FILTERS : null}
        errors={state.status === 'error' ? state.fields : {}}
        onFilters={onFilters}
      />
      <Counts context={context} state={state} />
      <div className="orders-bar">
        <ListStatus message={message} listed={listStatus(context, filters, state)} />
        <a className="button-link button-secondary" href={exportUrl(filters)} download>
          Export CSV
        </a>
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onRetry} />}
      {state.status === 'loading' && <p className="muted">Loading the mailing list…</p>}
      {state.status === 'ready' &&
        state.items.length === 0 &&
        (narrowed(filters) ? (
          <EmptyState title="No addresses match these filters">
            <button type="button" className="button-secondary" onClick={() => onFilters(NO_FILTERS)}>
              Clear filters
            </button>
          </EmptyState>
        ) : (
          <EmptyState title="No one has joined the mailing list yet">
            <p className="empty">Addresses from the newsletter form, restock sign-ups and site forms show here, newest first.</p>
          </EmptyState>
        ))}
      {state.status === 'ready' && state.items.length > 0 && (
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
                {state.items.map((s) => {
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
                        <button type="button" className="button-secondary" disabled={busy.has(s.id)} onClick={() => setAsking(s)}>
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
      <ConfirmDialog
        asking={asking}
        title="Remove this address?"
        confirm="Remove address"
        text={(subscriber) =>
          `${subscriber.email} is deleted from the mailing list for good, as a privacy request asks: no newsletter goes to it, and it can join again only by signing up anew.`
        }
        busy={(subscriber) => busy.has(subscriber.id)}
        onConfirm={onRemove}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
