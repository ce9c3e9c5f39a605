// The Stripe part of the store settings: the public settings (test mode, publishable keys, the
// methods besides cards, express checkout) are edited with the rest and saved by the page's Save;
// the secrets (secret keys, webhook signing secrets) are write-only and saved at once on their own
// (a secret never comes back: only whether it is set and its last four characters).
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { StripeKeys, StripeSecretField } from '../calls.js';
import { CheckField, TextField } from '../fields.js';
import type { SectionProps } from './props.js';

/** The events the site's webhook acts on, in the words of Stripe's dashboard. */
const STRIPE_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

export interface StripeKeysProps {
  readonly keys: StripeKeys | null;
  /** The secret being saved or removed. */
  readonly busy: StripeSecretField | null;
  /** The outcome of the last secret's save, for the live region. */
  readonly status: { readonly kind: 'idle' | 'saved' | 'failed'; readonly text: string };
  readonly errors: Readonly<Partial<Record<StripeSecretField, string>>>;
  /** Sets a secret (a string) or removes it (null); resolves true once saved. */
  onSaveSecret(field: StripeSecretField, value: string | null): Promise<boolean>;
}

const SECRETS: readonly { field: StripeSecretField; mode: 'test' | 'live'; kind: 'secretKey' | 'webhookSecret'; label: string; hint: string }[] = [
  { field: 'testSecretKey', mode: 'test', kind: 'secretKey', label: 'Test secret key', hint: 'Starts with sk_test_ (or rk_test_ for a restricted key).' },
  {
    field: 'testWebhookSecret',
    mode: 'test',
    kind: 'webhookSecret',
    label: 'Test webhook signing secret',
    hint: 'Starts with whsec_: shown by the test-mode webhook endpoint.',
  },
  { field: 'liveSecretKey', mode: 'live', kind: 'secretKey', label: 'Live secret key', hint: 'Starts with sk_live_ (or rk_live_ for a restricted key).' },
  {
    field: 'liveWebhookSecret',
    mode: 'live',
    kind: 'webhookSecret',
    label: 'Live webhook signing secret',
    hint: 'Starts with whsec_: shown by the live-mode webhook endpoint.',
  },
];

/** One write-only secret: "Set, ending 4242" with Replace and Remove (asked first), or a password input and its Set button. */
function SecretField({ spec, keys, busy, errors, onSaveSecret }: { spec: (typeof SECRETS)[number] } & StripeKeysProps) {
  const set = keys ? (spec.kind === 'secretKey' ? keys.secretKeySet : keys.webhookSecretSet)[spec.mode] : false;
  const hint = keys ? (spec.kind === 'secretKey' ? keys.secretKeyHint : keys.webhookSecretHint)[spec.mode] : null;
  const [value, setValue] = useState('');
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  const id = `f-stripe-${spec.field}`;
  const error = errors[spec.field];
  const working = busy === spec.field;

  useEffect(() => {
    if (replacing) input.current?.focus();
  }, [replacing]);
  useEffect(() => {
    if (confirming) yes.current?.focus();
  }, [confirming]);

  const save = async () => {
    if (value.trim() === '') return;
    if (await onSaveSecret(spec.field, value.trim())) {
      setValue('');
      setReplacing(false);
    }
  };
  const remove = async () => {
    setConfirming(false);
    await onSaveSecret(spec.field, null);
  };
  // Enter saves this secret, never the page's whole form around it.
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void save();
  };

  if (set && !replacing) {
    return (
      <div className="field secret-field" role="group" aria-labelledby={`${id}-label`}>
        <span className="secret-label" id={`${id}-label`}>
          {spec.label}
        </span>
        <p className="secret-state">Set, ending {hint?.replace('…', '')}</p>
        {confirming ? (
          <div className="confirm-box" role="alertdialog" aria-labelledby={`${id}-confirm`} aria-modal="false">
            <p id={`${id}-confirm`}>
              Remove the {spec.label.toLowerCase()}?{' '}
              {spec.kind === 'secretKey'
                ? 'Stripe payments in this mode stop working until a new one is saved.'
                : 'Stripe’s events are refused until a new one is saved.'}
            </p>
            <div className="actions">
              <button ref={yes} type="button" onClick={() => void remove()}>
                Remove
              </button>
              <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="actions">
            <button type="button" className="button-secondary" disabled={working} onClick={() => setReplacing(true)}>
              Replace <span className="visually-hidden">the {spec.label.toLowerCase()}</span>
            </button>
            <button type="button" className="button-secondary" disabled={working} onClick={() => setConfirming(true)}>
              {working ? 'Removing…' : 'Remove'} <span className="visually-hidden">the {spec.label.toLowerCase()}</span>
            </button>
          </div>
        )}
        {error && (
          <span className="field-error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </div>
    );
  }
  return (
    <div className="field secret-field">
      <label htmlFor={id}>{spec.label}</label>
      <input
        ref={input}
        id={id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKey}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      <span className="field-hint" id={`${id}-hint`}>
        {set ? `Replaces the one ending ${hint?.replace('…', '')}. ` : 'Not set. '}
        {spec.hint}
      </span>
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
      <div className="actions">
        <button type="button" disabled={working || value.trim() === ''} onClick={() => void save()}>
          {working ? 'Setting…' : 'Set'} <span className="visually-hidden">the {spec.label.toLowerCase()}</span>
        </button>
        {replacing && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              setReplacing(false);
              setValue('');
            }}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}

/** The webhook's address with a Copy button, and the events to send to it. */
function Webhook({ url }: { url: string }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Copied the webhook URL.');
    } catch {
      setCopied('Could not copy: select the address and copy it.');
    }
  };
  return (
    <div className="field field-wide webhook-url">
      <label htmlFor="f-stripe-webhook-url">Webhook URL</label>
      <span className="input-with-button">
        <input id="f-stripe-webhook-url" type="text" readOnly value={url} aria-describedby="f-stripe-webhook-hint" onFocus={(e) => e.target.select()} />
        <button type="button" className="button-secondary" onClick={() => void copy()}>
          Copy <span className="visually-hidden">the webhook URL</span>
        </button>
      </span>
      <span className="field-hint" id="f-stripe-webhook-hint">
        In Stripe’s dashboard (Developers, Webhooks), add an endpoint with this address for each mode and send it these events:{' '}
        {STRIPE_EVENTS.map((e, i) => (
          <span key={e}>
            <code>{e}</code>
            {i < STRIPE_EVENTS.length - 1 ? ', ' : '.'}
          </span>
        ))}{' '}
        Then set its signing secret above, under “Secret keys and webhook secrets”.
      </span>
      <span className="status" aria-live="polite" aria-atomic="true">
        {copied}
      </span>
    </div>
  );
}

/** The Stripe section of the store settings page. */
export function StripeSection(props: SectionProps & { stripe: StripeKeysProps }) {
  const { draft, errors, edit, stripe } = props;
  const st = draft.stripe;
  const set = (patch: Partial<typeof st>, path: string) => edit({ ...draft, stripe: { ...st, ...patch } }, path);
  return (
    <section className="card store-section" aria-labelledby="store-stripe">
      <h2 id="store-stripe">Stripe</h2>
      <p className="field-hint">
        Take cards, Apple Pay, Google Pay, Afterpay/Clearpay and Klarna through your Stripe account. Your keys are in Stripe’s dashboard under Developers, API
        keys. Then choose Stripe among the payment providers above.
      </p>
      <CheckField
        path="store.stripe.testMode"
        label="Test mode: take no real money (Stripe’s test keys and test cards)"
        checked={st.testMode}
        onChange={(v) => set({ testMode: v }, 'store.stripe.testMode')}
        error={errors['store.stripe.testMode']}
      />
      <div className="field-grid">
        <TextField
          path="store.stripe.testPublishableKey"
          className="field-wide"
          label="Test publishable key"
          value={st.testPublishableKey}
          maxLength={300}
          onChange={(v) => set({ testPublishableKey: v }, 'store.stripe.testPublishableKey')}
          error={errors['store.stripe.testPublishableKey']}
          hint="Starts with pk_test_. Saved with the page."
        />
        <TextField
          path="store.stripe.livePublishableKey"
          className="field-wide"
          label="Live publishable key"
          value={st.livePublishableKey}
          maxLength={300}
          onChange={(v) => set({ livePublishableKey: v }, 'store.stripe.livePublishableKey')}
          error={errors['store.stripe.livePublishableKey']}
          hint="Starts with pk_live_. Saved with the page."
        />
      </div>
      <fieldset className="row-card">
        <legend>Secret keys and webhook secrets</legend>
        <p className="field-hint">Saved at once and never shown again: only their last four characters.</p>
        <div className="secret-grid">
          {SECRETS.map((spec) => (
            <SecretField key={spec.field} spec={spec} {...stripe} />
          ))}
        </div>
        <div className={`status${stripe.status.kind === 'failed' ? ' status-error' : ''}`} aria-live="polite" aria-atomic="true">
          {stripe.status.text}
        </div>
      </fieldset>
      <fieldset className="row-card">
        <legend>Payment methods besides cards</legend>
        <div className="checks">
          <CheckField
            path="store.stripe.paymentMethods.afterpay"
            label="Afterpay/Clearpay"
            checked={st.afterpayClearpay}
            onChange={(v) => set({ afterpayClearpay: v }, 'store.stripe.paymentMethods')}
            error={errors['store.stripe.paymentMethods.0']}
            hint="Offered when every item is a physical product, the shopper is in the United States, Canada, Australia, New Zealand or the United Kingdom with its currency, and the total is within range."
          />
          <CheckField
            path="store.stripe.paymentMethods.klarna"
            label="Klarna"
            checked={st.klarna}
            onChange={(v) => set({ klarna: v }, 'store.stripe.paymentMethods')}
            error={errors['store.stripe.paymentMethods.1']}
            hint="Offered when the shopper’s country is one of Klarna’s and the store sells in its currency. Never for subscriptions."
          />
          <CheckField
            path="store.stripe.expressCheckout"
            label="Apple Pay and Google Pay buttons on product and cart pages"
            checked={st.expressCheckout}
            onChange={(v) => set({ expressCheckout: v }, 'store.stripe.expressCheckout')}
            error={errors['store.stripe.expressCheckout']}
          />
        </div>
      </fieldset>
      {stripe.keys && <Webhook url={stripe.keys.webhookUrl} />}
    </section>
  );
}
