// The marketing page, drawn from props only (page.tsx holds the state and calls the API): the two
// integrations, the cookie banner and policy, one Save with its outcome in a live region.
import type { FormEvent } from 'react';
import { ErrorBox } from '../../ui/error-box.js';
import { CheckField, TextField } from '../store/fields.js';
import type { MarketingSettings } from './calls.js';

export type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; draft: MarketingSettings };

export interface SaveStatus {
  readonly kind: 'idle' | 'saving' | 'saved' | 'failed';
  readonly text: string;
}

export interface MarketingViewProps {
  state: LoadState;
  errors: Readonly<Record<string, string>>;
  status: SaveStatus;
  dirty: boolean;
  onEdit(next: MarketingSettings, field: keyof MarketingSettings): void;
  onSave(): void;
  onReload(): void;
}

type TextKey = 'tagManagerId' | 'pixelId' | 'privacyUrl';
type FlagKey = 'cookieBannerEnabled' | 'restrictiveCookiePolicy';

/** A field of the form: its setting, label and hint; a text field also its length and keyboard. */
type Field =
  | { readonly kind: 'text'; readonly key: TextKey; readonly label: string; readonly hint: string; readonly maxLength: number; readonly inputMode?: 'numeric' }
  | { readonly kind: 'flag'; readonly key: FlagKey; readonly label: string; readonly hint: string };

const INTEGRATIONS: readonly Field[] = [
  {
    kind: 'text',
    key: 'tagManagerId',
    label: 'Tag manager container id',
    hint: 'Such as GTM-AB12CD3. Gets a purchase event for every order, on its confirmation page.',
    maxLength: 100,
  },
  {
    kind: 'text',
    key: 'pixelId',
    label: 'Ad pixel id',
    hint: 'Digits only. Gets a view for each product page and each add to cart.',
    maxLength: 100,
    inputMode: 'numeric',
  },
];

const COOKIES: readonly Field[] = [
  {
    kind: 'flag',
    key: 'cookieBannerEnabled',
    label: 'Ask visitors with a cookie banner',
    hint: 'Accept and Decline, until the visitor chooses; “Cookie settings” in the footer changes the choice.',
  },
  {
    kind: 'flag',
    key: 'restrictiveCookiePolicy',
    label: 'Restrictive cookie policy',
    hint: 'No tracking cookie and no marketing before the visitor accepts. Without the banner, visitors cannot accept.',
  },
  { kind: 'text', key: 'privacyUrl', label: 'Privacy page', hint: 'A path of the site (/privacy) or an address; the banner links to it.', maxLength: 500 },
];

export function MarketingView({ state, errors, status, dirty, onEdit, onSave, onReload }: MarketingViewProps) {
  if (state.status === 'loading') return <p className="status">Loading…</p>;
  if (state.status === 'error') return <ErrorBox message={state.message} onRetry={onReload} />;
  const { draft } = state;
  const fieldOf = (f: Field) =>
    f.kind === 'text' ? (
      <TextField
        key={f.key}
        path={f.key}
        label={f.label}
        value={draft[f.key]}
        onChange={(value) => onEdit({ ...draft, [f.key]: value }, f.key)}
        error={errors[f.key]}
        inputMode={f.inputMode}
        hint={f.hint}
        maxLength={f.maxLength}
      />
    ) : (
      <CheckField
        key={f.key}
        path={f.key}
        label={f.label}
        checked={draft[f.key]}
        onChange={(value) => onEdit({ ...draft, [f.key]: value }, f.key)}
        error={errors[f.key]}
        hint={f.hint}
      />
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form className="store-settings marketing-settings" onSubmit={submit} noValidate>
      <section className="card store-section" aria-labelledby="marketing-tags">
        <h2 id="marketing-tags">Integrations</h2>
        <p className="field-hint">
          Each loads only for visitors whose cookie choice allows it, and never for a site without it. Leave a field empty to turn it off.
        </p>
        {INTEGRATIONS.map(fieldOf)}
      </section>
      <section className="card store-section" aria-labelledby="marketing-cookies">
        <h2 id="marketing-cookies">Cookies</h2>
        {COOKIES.map(fieldOf)}
      </section>
      <div className="save-bar">
        <div className="save-row">
          <div className={`status${status.kind === 'failed' ? ' status-error' : ''}`} role="status" aria-live="polite">
            {status.text || (dirty ? 'Unsaved changes.' : '')}
          </div>
          <button type="submit" disabled={status.kind === 'saving'}>
            {status.kind === 'saving' ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
    </form>
  );
}
