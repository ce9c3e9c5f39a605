// Entry: the owner's sign-in page (/config/login). LoginView is props only; LoginPage calls the API.
import { type FormEvent, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError, type OwnerApi, createOwnerApi } from './api.js';
import { type AdminContext, readAdminContext } from './types.js';
import './admin.css';

export interface LoginViewProps {
  siteTitle: string;
  busy: boolean;
  error: string | null;
  onSubmit(email: string, password: string): void;
}

export function LoginView({ siteTitle, busy, error, onSubmit }: LoginViewProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
  };
  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit} aria-labelledby="login-heading" noValidate={false}>
        <p className="site-title">{siteTitle}</p>
        <h1 id="login-heading">Sign in</h1>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required autoFocus aria-describedby={error ? 'login-error' : undefined} />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required aria-describedby={error ? 'login-error' : undefined} />
        </label>
        {error && <p id="login-error" className="field-error" role="alert">{error}</p>}
        <button type="submit" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
    </main>
  );
}

export function LoginPage({ context, api }: { context: AdminContext; api: OwnerApi }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (email: string, password: string) => {
    setBusy(true);
    setError(null);
    api.signIn(email, password).then(
      () => location.assign(context.next ?? '/config/analytics'),
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof ApiError ? e.message : 'Something went wrong');
      },
    );
  };
  return <LoginView siteTitle={context.siteTitle} busy={busy} error={error} onSubmit={onSubmit} />;
}

const root = typeof document !== 'undefined' ? document.getElementById('tessera-admin') : null;
if (root) createRoot(root).render(<LoginPage context={readAdminContext()} api={createOwnerApi()} />);
