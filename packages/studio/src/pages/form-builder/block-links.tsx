// The page editor's form block, beside its form select: "New form" makes a form named after the
// block's heading and picks it; "Edit form" opens the picked form's builder in a new tab, so the page
// being edited (and its autosave) stays as it is.
import type { Api } from '@tessera/core/api-client';
import { useState } from 'react';
import { builderCalls } from './calls.js';

export interface FormBlockLinksProps {
  readonly api: Api;
  /** The form the block shows ('' for none). */
  readonly formKey: string;
  /** The block's heading: the new form's name. */
  readonly title: string;
  onCreated(formKey: string, name: string): void;
}

export function FormBlockLinks({ api, formKey, title, onCreated }: FormBlockLinksProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const create = async () => {
    setBusy(true);
    setMessage('Creating a form…');
    const name = title.trim() || 'New form';
    const answer = await builderCalls(api).create(name);
    setBusy(false);
    if (!answer.ok) return setMessage(`Not created: ${answer.fieldErrors?.name ?? answer.message}`);
    onCreated(answer.data.formKey, answer.data.name);
    setMessage(`Created the form ${answer.data.name}; the block shows it.`);
  };
  return (
    <div className="form-block-links">
      <div className="editor-actions">
        <button type="button" className="button-secondary" disabled={busy} onClick={() => void create()}>
          New form
        </button>
        {formKey && (
          <a className="button-link button-secondary" href={`/config/forms/${encodeURIComponent(formKey)}/build`} target="_blank" rel="noopener">
            Edit form<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
      <p className="field-hint" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
