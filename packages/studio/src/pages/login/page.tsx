// The owner's sign-in page (/config/login): on success, the page asked for (`next`).
import { useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signIn } from '../../session.js';
import { LoginView } from './view.js';

export interface LoginContext extends StudioContext {
  /** Where to go once signed in (a /config/ path, checked by the server). */
  readonly next?: string;
}

export default function LoginPage({ context, api }: PageProps<LoginContext>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (email: string, password: string) => {
    setBusy(true);
    setError(null);
    void signIn(api, email, password).then((answer) => {
      if (answer.ok) return location.assign(context.next ?? '/config');
      setBusy(false);
      setError(answer.message);
    });
  };
  return <LoginView siteTitle={context.siteTitle} busy={busy} error={error} onSubmit={onSubmit} />;
}
