// The join form (storefront.md section 2: "member-area access-denied page with a join button"; the
// lesson's paywall button opens it too). Joining is one flow: the account (sign up, or sign in when
// the visitor has one), then the express checkout of the paywall product, then the order linked to
// the account; the area opens at once. Page holds state and calls the API; View draws from props.
import { type FormEvent, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { CHECKOUT_MESSAGES, isCardNumber } from '@tessera/core/cart';
import { ACCOUNT_MESSAGES, loginEmailError, newPasswordError } from '@tessera/core/validation';
import { events } from '../../events.js';
import { failureMessage, type AccountApi } from '../../api/account.js';
import { ACCOUNT_UI } from '../account/messages.js';
import type { JoinOption, MemberAccess } from './types.js';

type JoinMode = 'sign-up' | 'sign-in' | 'member';

interface JoinValues {
  email: string;
  password: string;
  cardNumber: string;
}

interface JoinViewProps {
  readonly option: JoinOption;
  readonly mode: JoinMode;
  readonly askCard: boolean;
  readonly values: JoinValues;
  readonly errors: Readonly<Record<string, string>>;
  readonly problem: string | null;
  readonly busy: boolean;
  onChange(field: keyof JoinValues, value: string): void;
  onSubmit(): void;
  onMode(mode: 'sign-up' | 'sign-in'): void;
}

function Field({
  id,
  label,
  type,
  value,
  error,
  autoComplete,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  type: string;
  value: string;
  error?: string;
  autoComplete: string;
  hint?: string;
  onChange(value: string): void;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        className="form-input"
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        inputMode={type === 'text' && autoComplete === 'cc-number' ? 'numeric' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p className="form-description" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function JoinView({ option, mode, askCard, values, errors, problem, busy, onChange, onSubmit, onMode }: JoinViewProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="join-panel" aria-labelledby="join-panel-title" noValidate onSubmit={submit}>
      <h2 className="join-panel__title" id="join-panel-title">
        {option.title}
      </h2>
      <p className="join-panel__summary">{option.priceText}</p>
      {problem ? (
        <p className="form-problems" role="alert">
          {problem}
        </p>
      ) : null}
      {mode !== 'member' ? (
        <>
          <Field
            id="join-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={(v) => onChange('email', v)}
          />
          <Field
            id="join-password"
            label={mode === 'sign-up' ? 'Choose a password' : 'Password'}
            type="password"
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            value={values.password}
            error={errors.password}
            hint={mode === 'sign-up' ? "At least 8 characters. Your account opens the members' area on every device." : undefined}
            onChange={(v) => onChange('password', v)}
          />
        </>
      ) : null}
      {askCard ? (
        <Field
          id="join-card"
          label="Card number"
          type="text"
          autoComplete="cc-number"
          value={values.cardNumber}
          error={errors.cardNumber}
          onChange={(v) => onChange('cardNumber', v)}
        />
      ) : null}
      <button className="button button--wide" type="submit" disabled={busy}>
        {busy ? 'Joining…' : `Join for ${option.priceText}`}
      </button>
      {mode === 'sign-up' ? (
        <p>
          Already have an account?{' '}
          <button type="button" className="text-link link-button" onClick={() => onMode('sign-in')}>
            Sign in to join
          </button>
        </p>
      ) : null}
      {mode === 'sign-in' ? (
        <p>
          New here?{' '}
          <button type="button" className="text-link link-button" onClick={() => onMode('sign-up')}>
            Create an account
          </button>
        </p>
      ) : null}
    </form>
  );
}

export interface JoinPageProps {
  readonly api: AccountApi;
  readonly access: MemberAccess;
  readonly option: JoinOption;
  readonly go: (url: string) => void;
  readonly newKey?: () => string;
}

const randomKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

function JoinPage({ api, access, option, go, newKey = randomKey }: JoinPageProps) {
  const [mode, setMode] = useState<JoinMode>(access.signedIn ? 'member' : 'sign-up');
  const [values, setValues] = useState<JoinValues>({ email: '', password: '', cardNumber: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const askCard = access.paymentProvider === 'test';

  const check = (): Record<string, string> => {
    const e: Record<string, string> = {};
    if (mode !== 'member') {
      const email = loginEmailError(values.email);
      if (email) e.email = email;
      const password = mode === 'sign-up' ? newPasswordError(values.password) : values.password ? null : ACCOUNT_MESSAGES.enterPassword;
      if (password) e.password = password;
    }
    if (askCard && !isCardNumber(values.cardNumber)) e.cardNumber = CHECKOUT_MESSAGES.cardNumberInvalid;
    return e;
  };

  const run = async () => {
    // 1. The account.
    let email = values.email.trim();
    if (mode === 'sign-up' || mode === 'sign-in') {
      const answer =
        mode === 'sign-up' ? await api.signUp({ email, password: values.password, rememberMe: true }) : await api.signIn(email, values.password, true);
      if (!answer.ok) {
        if (answer.status === 400 && Object.keys(answer.fieldErrors).length > 0) return setErrors({ ...answer.fieldErrors });
        return setProblem(failureMessage(answer, ACCOUNT_UI));
      }
      // Nothing is bought before the account is sure: a sign-up with an address that has an
      // account is answered alike but signs nobody in.
      if (mode === 'sign-up' && !(await api.confirmSignUp())) {
        setMode('sign-in');
        return setProblem(ACCOUNT_MESSAGES.signUpCheckEmail);
      }
      setMode('member');
    } else {
      const session = await api.session();
      email = (session.ok && session.data?.email) || '';
    }
    // 2. The paywall product, by express checkout.
    const payment: Record<string, string> = access.paymentProvider ? { provider: access.paymentProvider } : {};
    if (askCard) payment.cardNumber = values.cardNumber;
    const order = await api.expressCheckout({ itemId: option.itemId, sku: option.sku, email, payment }, newKey());
    if (!order.ok || !order.data?.confirmationUrl) {
      const card = order.ok ? undefined : order.fieldErrors['payment.cardNumber'];
      if (card) return setErrors({ cardNumber: card });
      return setProblem(failureMessage(order, ACCOUNT_UI));
    }
    // 3. The order, linked to the account: the area opens.
    const token = new URL(order.data.confirmationUrl, 'http://x').searchParams.get('token') ?? '';
    const claimed = await api.claimMembership(token);
    if (!claimed.ok && claimed.code !== 'MEMBERSHIP_NOT_PAID') return setProblem(failureMessage(claimed, ACCOUNT_UI));
    events.publish('join-complete', { objectIdentifier: option.itemId });
    go(`/commerce/membership-confirmed?token=${encodeURIComponent(token)}`);
  };

  const submit = () => {
    const e = check();
    setErrors(e);
    setProblem(null);
    if (Object.keys(e).length > 0) return;
    setBusy(true);
    run()
      .catch(() => setProblem(ACCOUNT_UI.connect))
      .finally(() => setBusy(false));
  };

  return (
    <JoinView
      option={option}
      mode={mode}
      askCard={askCard}
      values={values}
      errors={errors}
      problem={problem}
      busy={busy}
      onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
      onSubmit={submit}
      onMode={(m) => {
        setMode(m);
        setErrors({});
        setProblem(null);
      }}
    />
  );
}

/** Opens the join form for an option in a container (once; a second click keeps the one open). */
export function openJoin(container: HTMLElement, props: JoinPageProps): Root {
  const root = createRoot(container);
  root.render(<JoinPage {...props} />);
  return root;
}
