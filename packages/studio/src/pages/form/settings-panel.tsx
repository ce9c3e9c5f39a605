// A form's settings (where its submissions go), for the roles that may change them: SettingsPanel
// reads and saves them with the version they were read at (a save made from older settings is
// refused with a message and a reload); SettingsView draws.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { signInAgain } from '../../session.js';
import type { FormCalls, FormSettings, SettingsAnswer } from './calls.js';
import { ErrorBox } from '../../ui/error-box.js';

type PanelState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      saved: SettingsAnswer;
      draft: FormSettings & { notifyEmail: string };
      saving: boolean;
      errors: Record<string, string>;
      message: string;
      stale: boolean;
    };

const draftOf = (s: SettingsAnswer) => ({
  storeSubmissions: s.storeSubmissions,
  notifyOwner: s.notifyOwner,
  notifyEmail: s.notifyEmail ?? '',
  addToMailingList: s.addToMailingList,
});

export function SettingsPanel({ calls, here }: { calls: FormCalls; here: string }) {
  const [state, setState] = useState<PanelState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void calls.settings().then((answer) => {
      if (!current) return;
      if (answer.status === 401) return signInAgain(here);
      if (!answer.ok) return setState({ status: 'error', message: answer.message });
      setState((s) => ({
        status: 'ready',
        saved: answer.data,
        draft: draftOf(answer.data),
        saving: false,
        errors: {},
        message: s.status === 'ready' && s.stale ? 'Reloaded: these are the settings saved now.' : '',
        stale: false,
      }));
    });
    return () => {
      current = false;
    };
  }, [calls, here, attempt]);

  const onSave = () => {
    if (state.status !== 'ready' || state.saving) return;
    const { draft, saved } = state;
    setState({ ...state, saving: true, message: '', errors: {} });
    void calls.saveSettings(saved.version, { ...draft, notifyEmail: draft.notifyEmail.trim() || null }).then((answer) => {
      if (answer.status === 401) return signInAgain(here);
      setState((s) => {
        if (s.status !== 'ready') return s;
        if (answer.ok) return { ...s, saved: answer.data, draft: draftOf(answer.data), saving: false, message: 'Settings saved.' };
        return { ...s, saving: false, errors: { ...answer.fieldErrors }, message: answer.message, stale: answer.status === 409 };
      });
    });
  };

  return (
    <SettingsView
      state={state}
      onChange={(draft) => setState((s) => (s.status === 'ready' ? { ...s, draft: { ...s.draft, ...draft } } : s))}
      onSave={onSave}
      onReload={() => setAttempt((n) => n + 1)}
    />
  );
}

interface SettingsViewProps {
  state: PanelState;
  onChange(draft: Partial<FormSettings & { notifyEmail: string }>): void;
  onSave(): void;
  onReload(): void;
}

function SettingsView({ state, onChange, onSave, onReload }: SettingsViewProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <section className="card form-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Where submissions go</h2>
      {state.status === 'loading' && <p className="status">Loading the settings…</p>}
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onReload} />}
      {state.status === 'ready' && (
        <form onSubmit={submit} noValidate>
          <fieldset>
            <legend>Submissions</legend>
            <label className="checkbox">
              <input type="checkbox" checked={state.draft.storeSubmissions} onChange={(e) => onChange({ storeSubmissions: e.target.checked })} />
              Keep them here, for this page and the export
            </label>
            {state.errors.storeSubmissions && <p className="field-error">{state.errors.storeSubmissions}</p>}
            <label className="checkbox">
              <input type="checkbox" checked={state.draft.notifyOwner} onChange={(e) => onChange({ notifyOwner: e.target.checked })} />
              Mail each one
            </label>
            <div className="form-settings-email">
              <label htmlFor={`${id}-email`}>Mail them to</label>
              <input
                id={`${id}-email`}
                type="email"
                value={state.draft.notifyEmail}
                placeholder={state.saved.ownerEmail ?? ''}
                disabled={!state.draft.notifyOwner}
                onChange={(e) => onChange({ notifyEmail: e.target.value })}
                aria-invalid={state.errors.notifyEmail ? true : undefined}
                aria-describedby={`${id}-email-hint${state.errors.notifyEmail ? ` ${id}-email-error` : ''}`}
              />
              <span id={`${id}-email-hint`} className="hint">
                {state.saved.ownerEmail
                  ? `Empty: the site's owner address, ${state.saved.ownerEmail}.`
                  : 'The site has no owner address: enter one to get the mail.'}
              </span>
            </div>
            {state.errors.notifyEmail && (
              <p id={`${id}-email-error`} className="field-error">
                {state.errors.notifyEmail}
              </p>
            )}
            <label className="checkbox">
              <input type="checkbox" checked={state.draft.addToMailingList} onChange={(e) => onChange({ addToMailingList: e.target.checked })} />
              Add the sender's email to the mailing list (they confirm by mail first)
            </label>
          </fieldset>
          <div className="dialog-buttons">
            <button type="submit" disabled={state.saving}>
              {state.saving ? 'Saving…' : 'Save settings'}
            </button>
            {state.stale && (
              <button type="button" className="button-secondary" onClick={onReload}>
                Reload the settings
              </button>
            )}
          </div>
        </form>
      )}
      <p
        className={state.status === 'ready' && Object.keys(state.errors).length + (state.stale ? 1 : 0) > 0 ? 'field-error' : 'status'}
        role="status"
        aria-live="polite">
        {state.status === 'ready' ? state.message : ''}
      </p>
    </section>
  );
}
