// The owner's password reset page (/config/password-reset): without a token it asks for the email
// and says a link is on its way (the same words for every address); with the mailed link's token
// it takes the new password, which signs every other device out and this browser in.
import { useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { resetCalls } from './calls.js';
import { type ResetMode, ResetView } from './view.js';

export interface ResetContext extends StudioContext {
  /** The link's token, when it is valid. */
  readonly token?: string | null;
  /** The page was opened with a link that is not valid (used, expired, unknown). */
  readonly linkInvalid?: boolean;
}

export default function ResetPage({ context, api }: PageProps<ResetContext>) {
  const calls = useMemo(() => resetCalls(api), [api]);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const mode: ResetMode = context.token ? 'confirm' : context.linkInvalid ? 'invalid' : sent ? 'sent' : 'request';

  const start = () => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
  };
  const failed = (answer: { message: string; fieldErrors: Readonly<Record<string, string>> }, field: string) => {
    setBusy(false);
    setFieldErrors(answer.fieldErrors);
    if (!answer.fieldErrors[field]) setError(answer.message);
  };

  const onRequest = (email: string) => {
    start();
    void calls.request(email).then((answer) => {
      if (!answer.ok) return failed(answer, 'email');
      setBusy(false);
      setSent(answer.data.message);
    });
  };

  const onConfirm = (password: string, again: string) => {
    if (password !== again) return setFieldErrors({ again: 'The two passwords differ.' });
    start();
    void calls.confirm(context.token ?? '', password).then((answer) => {
      if (answer.ok) return location.assign('/config/');
      failed(answer, 'password');
    });
  };

  return (
    <ResetView
      siteTitle={context.siteTitle}
      mode={mode}
      sent={sent}
      busy={busy}
      error={error}
      fieldErrors={fieldErrors}
      onRequest={onRequest}
      onConfirm={onConfirm}
    />
  );
}
