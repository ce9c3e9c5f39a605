// The password reset forms, drawn from props only (page.tsx holds the state and calls the API).
import type { FormEvent, ReactNode } from 'react';

/** request: ask for the email; sent: the link is on its way; confirm: the new password; invalid: a bad link. */
export type ResetMode = 'request' | 'sent' | 'confirm' | 'invalid';

export interface ResetViewProps {
  siteTitle: string;
  mode: ResetMode;
  /** The server's answer once a link was asked for. */
  sent: string | null;
  busy: boolean;
  error: string | null;
  fieldErrors: Readonly<Record<string, string>>;
  onRequest(email: string): void;
  onConfirm(password: string, again: string): void;
}

const BACK = (
  <p>
    <a href="/config/login">Back to the sign-in page</a>
  </p>
);

function Field({ label, name, type, autoComplete, error }: { label: string; name: string; type: string; autoComplete: string; error?: string }) {
  const id = `reset-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

function Card({ siteTitle, children }: { siteTitle: string; children: ReactNode }) {
  return (
    <main className="login">
      <div className="card login-card access-card">
        <p className="site-title">{siteTitle}</p>
        {children}
      </div>
    </main>
  );
}

export function ResetView({ siteTitle, mode, sent, busy, error, fieldErrors, onRequest, onConfirm }: ResetViewProps) {
  const alert = error && (
    <p className="field-error" role="alert">
      {error}
    </p>
  );
  if (mode === 'invalid') {
    return (
      <Card siteTitle={siteTitle}>
        <h1>This link does not work</h1>
        <p>The link is not valid or has expired, or it was used already. Ask for a new one: it works for one hour.</p>
        <p>
          <a href="/config/password-reset">Ask for a new link</a>
        </p>
        {BACK}
      </Card>
    );
  }
  if (mode === 'sent') {
    return (
      <Card siteTitle={siteTitle}>
        <h1>Check your email</h1>
        <p role="status">{sent}</p>
        {BACK}
      </Card>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (mode === 'request') onRequest(String(data.get('email') ?? ''));
    else onConfirm(String(data.get('password') ?? ''), String(data.get('again') ?? ''));
  };
  return (
    <main className="login">
      <form className="card login-card access-card" onSubmit={submit} noValidate aria-labelledby="reset-heading">
        <p className="site-title">{siteTitle}</p>
        <h1 id="reset-heading">{mode === 'request' ? 'Reset your password' : 'Choose a new password'}</h1>
        {mode === 'request' ? (
          <>
            <p>Enter the email you sign in with: we send it a link to choose a new password.</p>
            <Field label="Email" name="email" type="email" autoComplete="username" error={fieldErrors.email} />
          </>
        ) : (
          <>
            <p>At least 10 characters. Every device signed in with the old password is signed out.</p>
            <Field label="New password" name="password" type="password" autoComplete="new-password" error={fieldErrors.password} />
            <Field label="New password again" name="again" type="password" autoComplete="new-password" error={fieldErrors.again} />
          </>
        )}
        {alert}
        <button type="submit" disabled={busy}>
          {mode === 'request' ? (busy ? 'Sending…' : 'Send me a link') : busy ? 'Saving…' : 'Save and sign in'}
        </button>
        {BACK}
      </form>
    </main>
  );
}
