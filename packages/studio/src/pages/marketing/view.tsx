// The marketing page, drawn from props only (page.tsx holds the state and calls the API): the two
// integrations, the cookie banner and policy, one Save with its outcome in a live region.
import type { FormEvent } from 'react';
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

export function MarketingView({ state, errors, status, dirty, onEdit, onSave, onReload }: MarketingViewProps) {
  if (state.status === 'loading') return <p className="status">Loading…</p>;
  if (state.status === 'error') {
    return (
      <div className="error-box" role="alert">
        <p>{state.message}</p>
        <button type="button" onClick={onReload}>
          Try again
        </button>
      </div>
    );
  }
  const { draft } = state;
  const text = (field: 'tagManagerId' | 'pixelId' | 'privacyUrl') => (value: string) => onEdit({ ...draft, [field]: value }, field);
  const flag = (field: 'cookieBannerEnabled' | 'restrictiveCookiePolicy') => (value: boolean) => onEdit({ ...draft, [field]: value }, field);
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
        <TextField
          path="tagManagerId"
          label="Tag manager container id"
          value={draft.tagManagerId}
          onChange={text('tagManagerId')}
          error={errors.tagManagerId}
          hint="Such as GTM-AB12CD3. Gets a purchase event for every order, on its confirmation page."
          maxLength={100}
        />
        <TextField
          path="pixelId"
          label="Ad pixel id"
          value={draft.pixelId}
          onChange={text('pixelId')}
          error={errors.pixelId}
          inputMode="numeric"
          hint="Digits only. Gets a view for each product page and each add to cart."
          maxLength={100}
        />
      </section>
      <section className="card store-section" aria-labelledby="marketing-cookies">
        <h2 id="marketing-cookies">Cookies</h2>
        <CheckField
          path="cookieBannerEnabled"
          label="Ask visitors with a cookie banner"
          checked={draft.cookieBannerEnabled}
          onChange={flag('cookieBannerEnabled')}
          error={errors.cookieBannerEnabled}
          hint="Accept and Decline, until the visitor chooses; “Cookie settings” in the footer changes the choice."
        />
        <CheckField
          path="restrictiveCookiePolicy"
          label="Restrictive cookie policy"
          checked={draft.restrictiveCookiePolicy}
          onChange={flag('restrictiveCookiePolicy')}
          error={errors.restrictiveCookiePolicy}
          hint="No tracking cookie and no marketing before the visitor accepts. Without the banner, visitors cannot accept."
        />
        <TextField
          path="privacyUrl"
          label="Privacy page"
          value={draft.privacyUrl}
          onChange={text('privacyUrl')}
          error={errors.privacyUrl}
          hint="A path of the site (/privacy) or an address; the banner links to it."
          maxLength={500}
        />
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
