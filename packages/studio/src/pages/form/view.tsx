// One form's submissions, drawn from props only (page.tsx holds the state and calls the API): the
// search and date filters, Export CSV and Delete all, the submissions as a table (cards on a phone)
// with Load more, the open submission's dialog and the deletions' confirmations.
import { type FormEvent, useState } from 'react';
import { formatCount, formatTime } from '../../format.js';
import { Dialog } from '../../ui/dialog.js';
import type { Column, SubmissionSummary } from './calls.js';
import { SubmissionDetail } from './detail.js';
import { NO_FILTERS, type SubmissionFilters, isFiltered } from './filters.js';
import type { Confirming, DetailState, FormContext, ListState } from './page.js';
import { LoadMore } from '../../ui/load-more.js';
import { ErrorBox } from '../../ui/error-box.js';

/** How many of the form's fields the list shows beside the time (the dialog shows them all). */
const SUMMARY_COLUMNS = 3;

export interface FormViewProps {
  context: FormContext;
  filters: SubmissionFilters;
  state: ListState;
  detail: DetailState;
  confirming: Confirming;
  /** The result of the latest action, read out. */
  notice: string;
  canManage: boolean;
  /** The account may build forms (editContent): the form links to its builder. */
  canBuild?: boolean;
  exportUrl: string;
  onFilters(filters: SubmissionFilters): void;
  onMore(): void;
  onRetry(): void;
  onOpen(id: string): void;
  onCloseDetail(): void;
  /** null: all of the form's. */
  onAskDelete(id: string | null): void;
  onCancelDelete(): void;
  /** `typed`: the form's name, for deleting all. */
  onConfirmDelete(typed: string): void;
}

export function FormView(props: FormViewProps) {
  const { context, filters, state, detail, confirming, notice, canManage, exportUrl, onFilters } = props;
  const filtered = isFiltered(filters);
  const clear = () => onFilters(NO_FILTERS);
  const ready = state.status === 'ready' ? state : null;
  return (
    <>
      <p className="back-link">
        <a href="/config/forms">All forms</a>
      </p>
      {ready && (
        <div className="form-head">
          <h2 className="form-title">{ready.form.name}</h2>
          {ready.form.removed && <p className="card-note">This form is no longer on the site; its submissions stay until you delete them.</p>}
          {props.canBuild && !ready.form.removed && (
            <a className="button-link button-secondary" href={`/config/forms/${encodeURIComponent(ready.form.formId)}/build`}>
              Edit form
            </a>
          )}
        </div>
      )}
      <FilterForm key={JSON.stringify(filters)} filters={filters} onFilters={onFilters} onClear={clear} />
      <div className="orders-bar">
        <div className="status" role="status" aria-live="polite">
          {notice && <span className="form-notice">{notice} </span>}
          {statusText(context, state, filtered)}
        </div>
        <a className="button-link button-secondary" href={exportUrl} download>
          Export CSV
        </a>
        {canManage && ready && ready.submissions.length > 0 && !filtered && (
          <button type="button" className="button-secondary" onClick={() => props.onAskDelete(null)}>
            Delete all…
          </button>
        )}
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={state.notFound ? undefined : props.onRetry} />}
      {ready && ready.submissions.length === 0 && (
        <div className="empty-state">
          {filtered ? (
            <>
              <p className="empty-title">No submissions match these filters</p>
              <p className="empty">Try other words or other days.</p>
              <button type="button" className="button-secondary" onClick={clear}>
                Clear filters
              </button>
            </>
          ) : (
            <>
              <p className="empty-title">No submissions yet</p>
              <p className="empty">What visitors send with this form shows here, newest first.</p>
            </>
          )}
        </div>
      )}
      {ready && ready.submissions.length > 0 && (
        <>
          <SubmissionsTable context={context} columns={ready.columns.slice(0, SUMMARY_COLUMNS)} rows={ready.submissions} onOpen={props.onOpen} />
          {ready.nextCursor && <LoadMore more={ready.more} onMore={props.onMore} label="Load more submissions" />}
        </>
      )}
      <Dialog open={detail !== null} title="Submission" onClose={props.onCloseDetail} className="dialog-wide">
        {detail?.status === 'loading' && <p role="status">Loading the submission…</p>}
        {detail?.status === 'error' && (
          <p className="dialog-error" role="alert">
            {detail.message}
          </p>
        )}
        {detail?.status === 'ready' && <SubmissionDetail context={context} submission={detail.submission} />}
        <div className="dialog-buttons">
          {canManage && detail?.status === 'ready' && (
            <button type="button" className="button-danger" onClick={() => props.onAskDelete(detail.id)}>
              Delete submission
            </button>
          )}
          <button type="button" className="button-secondary" onClick={props.onCloseDetail}>
            Close
          </button>
        </div>
      </Dialog>
      {confirming && ready && (
        <ConfirmDelete confirming={confirming} formName={ready.form.name} onCancel={props.onCancelDelete} onConfirm={props.onConfirmDelete} />
      )}
    </>
  );
}

function statusText(context: FormContext, state: ListState, filtered: boolean): string {
  if (state.status === 'loading') return 'Loading submissions…';
  if (state.status !== 'ready' || state.submissions.length === 0) return '';
  const n = state.submissions.length;
  const count = `${formatCount(context.language, n)} ${n === 1 ? 'submission' : 'submissions'}`;
  return `Showing ${count}${filtered ? ' matching the filters' : ''}${state.nextCursor ? ', more to load' : ''}.`;
}

function FilterForm({ filters, onFilters, onClear }: { filters: SubmissionFilters; onFilters(f: SubmissionFilters): void; onClear(): void }) {
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof SubmissionFilters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters({ ...draft, q: draft.q.trim() });
  };
  return (
    <form className="orders-filters" role="search" aria-label="Search submissions" onSubmit={submit}>
      <div className="filter-search">
        <label htmlFor="submissions-search">Search</label>
        <input id="submissions-search" type="search" value={draft.q} maxLength={200} onChange={set('q')} aria-describedby="submissions-search-hint" />
        <span id="submissions-search-hint" className="hint">
          Any word or part of what visitors sent
        </span>
      </div>
      <label>
        Sent from
        <input type="date" value={draft.from} max={draft.to || undefined} onChange={set('from')} />
      </label>
      <label>
        Sent to
        <input type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} />
      </label>
      <div className="filter-buttons">
        <button type="submit">Apply</button>
        {isFiltered(filters) && (
          <button type="button" className="button-secondary" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}

function SubmissionsTable({
  context,
  columns,
  rows,
  onOpen,
}: {
  context: FormContext;
  columns: Column[];
  rows: SubmissionSummary[];
  onOpen(id: string): void;
}) {
  return (
    <div className="table-scroll">
      <table className="submissions-table">
        <caption className="visually-hidden">Submissions</caption>
        <thead>
          <tr>
            <th scope="col">Sent</th>
            {columns.map((c) => (
              <th key={c.id} scope="col">
                {c.title}
              </th>
            ))}
            <th scope="col">Page</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-submission-id={r.id}>
              <th scope="row">
                <button type="button" className="link-button" onClick={() => onOpen(r.id)}>
                  {formatTime(context.language, r.submittedOn, context.timeZone)}
                  <span className="visually-hidden">: open this submission</span>
                </button>
              </th>
              {columns.map((c) => (
                <td key={c.id} data-label={c.title} className="submission-value">
                  {r.values[c.id] || <span className="muted">—</span>}
                </td>
              ))}
              <td data-label="Page" className="submission-value">
                {r.pageTitle || r.pagePath || <span className="muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ConfirmDelete({
  confirming,
  formName,
  onCancel,
  onConfirm,
}: {
  confirming: NonNullable<Confirming>;
  formName: string;
  onCancel(): void;
  onConfirm(typed: string): void;
}) {
  const [typed, setTyped] = useState('');
  const all = confirming.kind === 'all';
  const matches = typed.trim() === formName.trim();
  return (
    <Dialog open title={all ? 'Delete all submissions?' : 'Delete this submission?'} onClose={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!all || matches) onConfirm(typed);
        }}>
        {all ? (
          <>
            <p>Every submission of {formName} is deleted for good, on every page and in every export. This cannot be undone.</p>
            <label>
              Type the form's name, {formName}, to confirm
              <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" aria-invalid={confirming.error ? true : undefined} />
            </label>
          </>
        ) : (
          <p>The submission is deleted for good. This cannot be undone.</p>
        )}
        {confirming.error && (
          <p className="dialog-error" role="alert">
            {confirming.error}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="submit" className="button-danger" disabled={confirming.busy || (all && !matches)}>
            {confirming.busy ? 'Deleting…' : all ? 'Delete all submissions' : 'Delete submission'}
          </button>
          <button type="button" className="button-secondary" onClick={onCancel} data-autofocus={all ? undefined : true}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
