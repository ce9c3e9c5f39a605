// The site's forms, drawn from props only: a table on a desktop (cards on a phone) with each form's
// submission count and latest submission, each opening the form's page.
import { type FormEvent, useId, useState } from 'react';
import { formatCount, formatTime } from '../../format.js';
import type { FormSummary } from './calls.js';
import type { FormsContext } from './page.js';
import { ErrorBox } from '../../ui/error-box.js';

export type FormsState = { status: 'loading' } | { status: 'ready'; forms: FormSummary[] } | { status: 'error'; message: string };

export type NewFormResult = { ok: true } | { ok: false; message: string };

export interface FormsViewProps {
  context: FormsContext;
  state: FormsState;
  onRetry(): void;
  /** Makes a form (a copy of `from` when not empty); absent for a role that may not build forms. */
  onCreate?: (name: string, from: string) => Promise<NewFormResult>;
}

/** "New form": a name, and a form to copy if any. */
function NewForm({ forms, onCreate }: { forms: FormSummary[]; onCreate: NonNullable<FormsViewProps['onCreate']> }) {
  const [name, setName] = useState('');
  const [from, setFrom] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const nameId = useId();
  const fromId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('Creating the form…');
    const result = await onCreate(name, from);
    setBusy(false);
    setMessage(result.ok ? 'Form created. Opening its builder…' : result.message);
  };
  return (
    <form className="new-form" aria-labelledby={`${nameId}-heading`} onSubmit={(e) => void submit(e)}>
      <h2 id={`${nameId}-heading`}>New form</h2>
      <div className="new-form-fields">
        <label htmlFor={nameId}>
          Name
          <input id={nameId} value={name} required maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
        <label htmlFor={fromId}>
          Start from
          <select id={fromId} value={from} onChange={(e) => setFrom(e.target.value)}>
            <option value="">A name and an email field</option>
            {forms
              .filter((f) => !f.removed)
              .map((f) => (
                <option key={f.formId} value={f.formId}>
                  A copy of {f.name}
                </option>
              ))}
          </select>
        </label>
        <button type="submit" disabled={busy}>
          Create form
        </button>
      </div>
      <p className="status" role="status" aria-live="polite">
        {message}
      </p>
    </form>
  );
}

export function FormsView({ context, state, onRetry, onCreate }: FormsViewProps) {
  return (
    <>
      {onCreate && <NewForm forms={state.status === 'ready' ? state.forms : []} onCreate={onCreate} />}
      <div className="status" role="status" aria-live="polite">
        {state.status === 'loading' ? 'Loading forms…' : state.status === 'ready' && state.forms.length > 0 ? countText(context, state.forms) : ''}
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' && state.forms.length === 0 && (
        <div className="empty-state">
          <p className="empty-title">No forms yet</p>
          <p className="empty">The site's forms (its forms folder) show here with what visitors sent.</p>
        </div>
      )}
      {state.status === 'ready' && state.forms.length > 0 && <FormsTable context={context} forms={state.forms} />}
    </>
  );
}

function countText(context: FormsContext, forms: FormSummary[]): string {
  const total = forms.reduce((n, f) => n + f.submissionCount, 0);
  return `${formatCount(context.language, forms.length)} ${forms.length === 1 ? 'form' : 'forms'}, ${formatCount(context.language, total)} ${total === 1 ? 'submission' : 'submissions'}.`;
}

function FormsTable({ context, forms }: { context: FormsContext; forms: FormSummary[] }) {
  return (
    <div className="table-scroll">
      <table className="forms-table">
        <caption className="visually-hidden">Forms</caption>
        <thead>
          <tr>
            <th scope="col">Form</th>
            <th scope="col" className="num">
              Submissions
            </th>
            <th scope="col">Latest</th>
          </tr>
        </thead>
        <tbody>
          {forms.map((f) => (
            <tr key={f.formId}>
              <th scope="row">
                <a className="form-link" href={f.link}>
                  {f.name}
                </a>
                {f.newsletter && <span className="form-note">Newsletter sign-up</span>}
                {f.removed && <span className="form-note">No longer on the site</span>}
              </th>
              <td data-label="Submissions" className="num">
                {formatCount(context.language, f.submissionCount)}
              </td>
              <td data-label="Latest">{f.lastSubmittedOn === null ? 'None yet' : formatTime(context.language, f.lastSubmittedOn, context.timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
