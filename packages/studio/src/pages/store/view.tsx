// The store settings page, drawn from props only (page.tsx holds the state and calls the API): the
// sections of the form, then one Save with its outcome in a live region, a confirmation before a
// new currency is saved, and what to do when someone else saved first.
import { type FormEvent, useEffect, useRef } from 'react';
import type { StoreSettings } from './calls.js';
import { type Draft, type FieldErrors, isFormField } from './draft.js';
import { CheckoutSection } from './sections/checkout.js';
import { CouponsSection } from './sections/coupons.js';
import { CurrencySection } from './sections/currency.js';
import { MessagesSection } from './sections/messages.js';
import type { SectionProps } from './sections/props.js';
import { ShippingSection } from './sections/shipping.js';
import { StripeSection, type StripeKeysProps } from './sections/stripe.js';
import { TaxesSection } from './sections/taxes.js';
import { ErrorBox } from '../../ui/error-box.js';

export type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; settings: StoreSettings; draft: Draft };

export interface SaveStatus {
  readonly kind: 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';
  readonly text: string;
}

export interface StoreViewProps {
  state: LoadState;
  errors: FieldErrors;
  status: SaveStatus;
  dirty: boolean;
  zone: string;
  /** A new currency waits for the owner's yes. */
  confirmingCurrency: boolean;
  onEdit: SectionProps['edit'];
  onSave(): void;
  onConfirmCurrency(): void;
  onCancelCurrency(): void;
  onReload(): void;
  /** The Stripe secrets' state and their own save (absent: the section shows no secrets). */
  stripe?: StripeKeysProps;
}

const SECTIONS = [
  ['store-currency', 'Currency'],
  ['store-shipping', 'Shipping'],
  ['store-taxes', 'Taxes'],
  ['store-coupons', 'Coupons'],
  ['store-checkout', 'Checkout & payments'],
  ['store-messages', 'Messages'],
  ['store-stripe', 'Stripe'],
] as const;

const NO_STRIPE_KEYS: StripeKeysProps = { keys: null, busy: null, status: { kind: 'idle', text: '' }, errors: {}, onSaveSecret: async () => false };

/** The question before a new currency is saved; it takes the focus, since Save asked it. */
function ConfirmCurrency({ from, to, onConfirm, onCancel }: { from: string; to: string; onConfirm(): void; onCancel(): void }) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <div className="confirm-box" role="alertdialog" aria-labelledby="confirm-currency-text" aria-modal="false">
      <p id="confirm-currency-text">
        Change the store’s currency from {from} to {to}? Amounts are not converted, and gift cards sold in {from} stop working.
      </p>
      <div className="actions">
        <button ref={yes} type="button" onClick={onConfirm}>
          Save in {to}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export function StoreView(props: StoreViewProps) {
  const { state, errors, status, dirty, zone, confirmingCurrency } = props;
  if (state.status === 'loading') return <p className="status">Loading…</p>;
  if (state.status === 'error') {
    return <ErrorBox message={state.message} onRetry={props.onReload} />;
  }
  const { settings, draft } = state;
  const section: SectionProps = { draft, errors, settings, zone, edit: props.onEdit };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave();
  };
  const loose = Object.entries(errors).filter(([path]) => !isFormField(path));
  return (
    <form className="store-settings" onSubmit={submit} noValidate>
      <nav className="on-this-page" aria-label="Sections">
        <ul>
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <CurrencySection {...section} />
      <ShippingSection {...section} />
      <TaxesSection {...section} />
      <CouponsSection {...section} />
      <CheckoutSection {...section} />
      <MessagesSection {...section} />
      <StripeSection {...section} stripe={props.stripe ?? NO_STRIPE_KEYS} />
      <div className="save-bar">
        {confirmingCurrency && (
          <ConfirmCurrency from={settings.currency} to={draft.currency} onConfirm={props.onConfirmCurrency} onCancel={props.onCancelCurrency} />
        )}
        {status.kind === 'conflict' && (
          <div className="error-box">
            <p>{status.text}</p>
            <button type="button" onClick={props.onReload}>
              Reload the settings
            </button>
          </div>
        )}
        {loose.length > 0 && (
          <ul className="field-error loose-errors">
            {loose.map(([path, message]) => (
              <li key={path}>
                {path}: {message}
              </li>
            ))}
          </ul>
        )}
        <div className="save-row">
          <div className={`status${status.kind === 'failed' ? ' status-error' : ''}`} role="status" aria-live="polite">
            {status.kind === 'conflict' ? 'Not saved.' : status.text || (dirty ? 'Unsaved changes.' : '')}
          </div>
          <button type="submit" disabled={status.kind === 'saving' || confirmingCurrency}>
            {status.kind === 'saving' ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
    </form>
  );
}
