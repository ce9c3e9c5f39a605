// A staff invitation's page (/config/invitation?token=...): the invitee chooses a password and is
// signed in, then goes to the studio's home page.
import { useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { invitationCalls } from './calls.js';
import { InvitationView } from './view.js';

export interface InvitationContext extends StudioContext {
  /** The link's token, when it is valid. */
  readonly token?: string | null;
  readonly invitation?: { email: string; roleName: string } | null;
}

export default function InvitationPage({ context, api }: PageProps<InvitationContext>) {
  const calls = useMemo(() => invitationCalls(api), [api]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const onSubmit = (password: string, again: string) => {
    if (password !== again) {
      setFieldErrors({ again: 'The two passwords differ.' });
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    void calls.accept(context.token ?? '', password).then((answer) => {
      if (answer.ok) return location.assign('/config/');
      setBusy(false);
      setFieldErrors(answer.fieldErrors);
      if (!answer.fieldErrors.password) setError(answer.message);
    });
  };
  return (
    <InvitationView
      siteTitle={context.siteTitle}
      invitation={context.token ? (context.invitation ?? null) : null}
      busy={busy}
      error={error}
      fieldErrors={fieldErrors}
      onSubmit={onSubmit}
    />
  );
}
