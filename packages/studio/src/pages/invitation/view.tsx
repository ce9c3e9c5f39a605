// The invitation form, drawn from props only (page.tsx holds the state and calls the API).
import type { FormEvent } from 'react';

export interface InvitationViewProps {
  siteTitle: string;
  /** Null: the link is not valid (unknown, used, revoked or expired). */
  invitation: { email: string; roleName: string } | null;
  busy: boolean;
  error: string | null;
  fieldErrors: Readonly<Record<string, string>>;
  onSubmit(password: string, again: string): void;
}

export function InvitationView({ siteTitle, invitation, busy, error, fieldErrors, onSubmit }: InvitationViewProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit(String(data.get('password') ?? ''), String(data.get('again') ?? ''));
  };
  if (!invitation) {
    return (
      <main className="login">
        <div className="card login-card access-card">
          <p className="site-title">{siteTitle}</p>
          <h1>This invitation does not work</h1>
          <p>The link is not valid or has expired, or it was used already. Ask the site's owner to send you a new invitation.</p>
          <a href="/config/login">Go to the sign-in page</a>
        </div>
      </main>
    );
  }
  const describe = (field: string) => (fieldErrors[field] ? `invitation-${field}-error` : undefined);
  return (
    <main className="login">
      <form className="card login-card access-card" onSubmit={submit} aria-labelledby="invitation-heading">
        <p className="site-title">{siteTitle}</p>
        <h1 id="invitation-heading">Join {siteTitle}</h1>
        <p>
          You are invited as <strong>{invitation.roleName}</strong>. Choose a password for <strong>{invitation.email}</strong> (at least 10 characters).
        </p>
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <div className="field">
          <label htmlFor="invitation-password">New password</label>
          <input
            id="invitation-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={describe('password')}
          />
          {fieldErrors.password && (
            <span id="invitation-password-error" className="field-error">
              {fieldErrors.password}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="invitation-again">New password again</label>
          <input
            id="invitation-again"
            name="again"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={fieldErrors.again ? true : undefined}
            aria-describedby={describe('again')}
          />
          {fieldErrors.again && (
            <span id="invitation-again-error" className="field-error">
              {fieldErrors.again}
            </span>
          )}
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Accept and sign in'}
        </button>
      </form>
    </main>
  );
}
