// The sign-in form, drawn from props only (page.tsx holds the state and calls the API).
import type { FormEvent } from 'react';

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
          {/* biome-ignore lint/a11y/noAutofocus: the page holds nothing but this form, and its first field is what the visitor came for */}
          <input name="email" type="email" autoComplete="username" required autoFocus aria-describedby={error ? 'login-error' : undefined} />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required aria-describedby={error ? 'login-error' : undefined} />
        </label>
        {error && (
          <p id="login-error" className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="login-help">
          <a href="/config/password-reset">Forgot your password?</a>
        </p>
      </form>
    </main>
  );
}
