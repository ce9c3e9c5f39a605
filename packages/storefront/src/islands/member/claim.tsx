// The membership-confirmed page (208) of a visitor who joined without an account: create one (the
// order's email filled in), or sign in, and the order's membership is linked to it.
import { type FormEvent, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ACCOUNT_MESSAGES, loginEmailError, newPasswordError } from '@tessera/core/validation';
import { events } from '../../events.js';
import { failureMessage, type AccountApi } from '../../api/account.js';
import { ACCOUNT_UI } from '../account/messages.js';

interface ClaimViewProps {
  readonly mode: 'sign-up' | 'sign-in';
  readonly email: string;
  readonly password: string;
  readonly errors: Readonly<Record<string, string>>;
  readonly problem: string | null;
  readonly busy: boolean;
  onEmail(v: string): void;
  onPassword(v: string): void;
  onMode(mode: 'sign-up' | 'sign-in'): void;
  onSubmit(): void;
}

function ClaimView({ mode, email, password, errors, problem, busy, onEmail, onPassword, onMode, onSubmit }: ClaimViewProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label={mode === 'sign-up' ? 'Create your account' : 'Sign in'}>
      {problem ? (
        <p className="form-problems" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="form-field">
        <label className="form-label" htmlFor="claim-email">
          Email
        </label>
        <input
          className="form-input"
          id="claim-email"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={errors.email ? true : undefined}
          onChange={(e) => onEmail(e.target.value)}
        />
        {errors.email ? <p className="field-error">{errors.email}</p> : null}
      </div>
      <div className="form-field">
        <label className="form-label" htmlFor="claim-password">
          {mode === 'sign-up' ? 'Choose a password' : 'Password'}
        </label>
        <input
          className="form-input"
          id="claim-password"
          type="password"
          autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
          value={password}
          aria-invalid={errors.password ? true : undefined}
          onChange={(e) => onPassword(e.target.value)}
        />
        {errors.password ? <p className="field-error">{errors.password}</p> : null}
      </div>
      <button className="button button--wide" type="submit" disabled={busy}>
        {mode === 'sign-up' ? 'Create my account' : 'Sign in'}
      </button>
      <p>
        {mode === 'sign-up' ? (
          <button type="button" className="text-link link-button" onClick={() => onMode('sign-in')}>
            I already have an account
          </button>
        ) : (
          <button type="button" className="text-link link-button" onClick={() => onMode('sign-up')}>
            Create an account instead
          </button>
        )}
      </p>
    </form>
  );
}

function ClaimPage({ api, orderToken, email: initialEmail, reload }: { api: AccountApi; orderToken: string; email: string; reload(): void }) {
  const [mode, setMode] = useState<'sign-up' | 'sign-in'>('sign-up');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (mode === 'sign-up') {
      const answer = await api.signUp({ email, password, rememberMe: true, orderToken });
      if (answer.status !== 201) {
        if (!answer.ok && answer.status === 400 && Object.keys(answer.fieldErrors).length > 0) return setErrors({ ...answer.fieldErrors });
        return setProblem(failureMessage(answer, ACCOUNT_UI));
      }
      // An address that has an account is answered alike, but nobody is signed in and nothing claimed.
      if (!(await api.confirmSignUp())) {
        setMode('sign-in');
        return setProblem(ACCOUNT_MESSAGES.signUpCheckEmail);
      }
    } else {
      const answer = await api.signIn(email, password, true);
      if (answer.status !== 200) return setProblem(failureMessage(answer, ACCOUNT_UI));
      const claimed = await api.claimMembership(orderToken);
      if (claimed.status !== 200) return setProblem(failureMessage(claimed, ACCOUNT_UI));
    }
    events.publish('join-complete', {});
    reload();
  };

  const submit = () => {
    const e: Record<string, string> = {};
    const emailError = loginEmailError(email);
    if (emailError) e.email = emailError;
    const passwordError = mode === 'sign-up' ? newPasswordError(password) : password ? null : ACCOUNT_MESSAGES.enterPassword;
    if (passwordError) e.password = passwordError;
    setErrors(e);
    setProblem(null);
    if (Object.keys(e).length > 0) return;
    setBusy(true);
    run()
      .catch(() => setProblem(ACCOUNT_UI.connect))
      .finally(() => setBusy(false));
  };

  return (
    <ClaimView
      mode={mode}
      email={email}
      password={password}
      errors={errors}
      problem={problem}
      busy={busy}
      onEmail={setEmail}
      onPassword={setPassword}
      onMode={(m) => {
        setMode(m);
        setProblem(null);
        setErrors({});
      }}
      onSubmit={submit}
    />
  );
}

export function mountClaim(element: HTMLElement, api: AccountApi, reload: () => void = () => window.location.reload()): Root {
  const root = createRoot(element);
  root.render(<ClaimPage api={api} orderToken={element.dataset.orderToken ?? ''} email={element.dataset.email ?? ''} reload={reload} />);
  return root;
}
