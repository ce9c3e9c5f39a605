// A blog's posts or an events list's events, from props only: the filter by status and the search by
// title, "New post" / "New event" (a dialog asking the title), and a table (cards on a phone) of
// the items with their status, date, author and "Draft changes", each opening the editor; Delete
// asks first.
import { useId, useState } from 'react';
import { formatTime } from '../../format.js';
import { Dialog } from '../../ui/dialog.js';
import { LoadMore } from '../../ui/load-more.js';
import { StatusBadge } from '../../ui/status-badge.js';
import type { ItemQuery, ListedItem } from './calls.js';
import type { ItemsContext } from './page.js';
import './collection-items.css';
import { ErrorBox } from '../../ui/error-box.js';

export type ItemsState = { status: 'loading' } | { status: 'ready'; items: ListedItem[]; nextCursor: string | null } | { status: 'error'; message: string };

export interface ItemsViewProps {
  readonly context: ItemsContext;
  readonly query: ItemQuery;
  readonly state: ItemsState;
  readonly announce: string;
  onQuery(query: ItemQuery): void;
  onRetry(): void;
  onMore(): void;
  /** Null when made (the editor opens); else the server's message or its field errors. */
  onCreate(title: string): Promise<string | Record<string, string> | null>;
  /** Null when deleted; else the message. */
  onDelete(item: ListedItem): Promise<string | null>;
  editorOf(itemId: string): string;
}

const STATUSES: readonly (readonly [string, string])[] = [
  ['', 'All statuses'],
  ['published', 'Published'],
  ['scheduled', 'Scheduled'],
  ['needs-review', 'Needs Review'],
  ['draft', 'Draft'],
  ['private', 'Private'],
];

const TONES: Record<string, 'good' | 'warn' | 'neutral'> = { published: 'good', scheduled: 'warn' };

export function ItemsView(props: ItemsViewProps) {
  const { context, query, state } = props;
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ListedItem | null>(null);
  const [problem, setProblem] = useState('');
  const [more, setMore] = useState('idle');
  const statusId = useId();
  const searchId = useId();
  const collection = context.collection;
  if (!collection) {
    return (
      <>
        <p className="back-link">
          <a href="/config/pages">All pages</a>
        </p>
        <p className="error-box" role="alert">
          This blog or events list no longer exists.
        </p>
      </>
    );
  }
  const events = collection.type === 'events';
  const noun = events ? 'event' : 'post';
  const count = state.status === 'ready' ? `${state.items.length}${state.nextCursor ? '+' : ''} ${state.items.length === 1 ? noun : `${noun}s`} shown.` : '';
  return (
    <div className="collection-items">
      <p className="back-link">
        <a href="/config/pages">All pages</a>
      </p>
      <div className="items-head">
        <h2>{collection.title}</h2>
        <a className="text-link" href={collection.url}>
          View on site
        </a>
        <button type="button" onClick={() => setCreating(true)}>
          New {noun}
        </button>
      </div>
      <div className="items-filters" role="search">
        <div className="field">
          <label htmlFor={statusId}>Status</label>
          <select id={statusId} value={query.status ?? ''} onChange={(e) => props.onQuery({ ...query, status: e.target.value || undefined })}>
            {STATUSES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={searchId}>Search by title</label>
          <input id={searchId} type="search" value={query.q ?? ''} onChange={(e) => props.onQuery({ ...query, q: e.target.value || undefined })} />
        </div>
      </div>
      <p className="status" role="status" aria-live="polite">
        {props.announce || (state.status === 'loading' ? `Loading the ${noun}s…` : count)}
      </p>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={props.onRetry} />}
      {state.status === 'ready' && state.items.length === 0 && (
        <div className="empty-state">
          <p className="empty-title">{query.q || query.status ? `No ${noun} matches` : `No ${noun}s yet`}</p>
          <p className="empty">{query.q || query.status ? 'Try another status or search.' : `New ${noun} starts one as a draft.`}</p>
        </div>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <div className="table-scroll">
          <table className="items-table">
            <caption className="visually-hidden">{collection.title}</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">{events ? 'Starts' : 'Date'}</th>
                <th scope="col">Author</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((item) => (
                <tr key={item.itemId}>
                  <th scope="row">
                    <a href={props.editorOf(item.itemId)}>{item.title}</a>
                    {item.hasDraft && <span className="item-note">Draft changes</span>}
                  </th>
                  <td data-label="Status">
                    <StatusBadge tone={TONES[item.status] ?? 'neutral'}>{item.statusLabel}</StatusBadge>
                  </td>
                  <td data-label={events ? 'Starts' : 'Date'}>{dateText(context, item, events)}</td>
                  <td data-label="Author">{item.author ?? '—'}</td>
                  <td>
                    <button type="button" className="button-secondary" aria-label={`Delete ${item.title}`} onClick={() => setDeleting(item)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {state.status === 'ready' && state.nextCursor && (
        <LoadMore
          more={more}
          label={`Show more ${noun}s`}
          onMore={() => {
            setMore('loading');
            Promise.resolve(props.onMore()).finally(() => setMore('idle'));
          }}
        />
      )}
      {creating && <NewItemDialog noun={noun} onCreate={props.onCreate} onClose={() => setCreating(false)} />}
      <Dialog
        open={deleting !== null}
        title={`Delete this ${noun}?`}
        onClose={() => {
          setDeleting(null);
          setProblem('');
        }}>
        <p>“{deleting?.title}” is deleted with its drafts and history; visitors no longer find it. This cannot be undone.</p>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-buttons">
          <button
            type="button"
            className="button-danger"
            onClick={async () => {
              if (!deleting) return;
              const refused = await props.onDelete(deleting);
              if (refused) return setProblem(refused);
              setDeleting(null);
            }}>
            Delete {noun}
          </button>
          <button type="button" className="button-secondary" data-autofocus onClick={() => setDeleting(null)}>
            Keep it
          </button>
        </div>
      </Dialog>
    </div>
  );
}

/** A post's publish date (none for a draft); an event's start in the event's own zone, with the zone's short name. */
function dateText(context: ItemsContext, item: ListedItem, events: boolean): string {
  if (events) {
    if (item.startDate === null || item.startDate === undefined) return '—';
    const zone = item.timeZone ?? context.timeZone;
    const options = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
    return new Intl.DateTimeFormat(context.language, { ...options, timeZone: zone }).format(item.startDate);
  }
  return item.publishOn === null ? '—' : formatTime(context.language, item.publishOn, context.timeZone);
}

function NewItemDialog({ noun, onCreate, onClose }: { noun: string; onCreate: ItemsViewProps['onCreate']; onClose(): void }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open title={`New ${noun}`} onClose={onClose}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (title.trim() === '') return setError('Enter a title.');
          setBusy(true);
          const answer = await onCreate(title);
          setBusy(false);
          if (answer === null) return;
          setError(typeof answer === 'string' ? answer : (answer.title ?? Object.values(answer)[0] ?? ''));
        }}>
        <div className="field">
          <label htmlFor={id}>Title</label>
          <input
            id={id}
            value={title}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setTitle(e.target.value)}
            data-autofocus
          />
          {error && (
            <span className="field-error" id={`${id}-error`} role="alert">
              {error}
            </span>
          )}
        </div>
        <div className="dialog-buttons">
          <button type="submit" disabled={busy}>
            {busy ? 'Creating…' : `Create ${noun}`}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
