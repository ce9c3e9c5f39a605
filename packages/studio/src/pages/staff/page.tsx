// The staff page (/config/staff): StaffPage holds the list and calls the API; StaffView draws.
import type { ApiError } from '@tessera/core/api-client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type Invitation, type StaffAccount, type StaffList, staffCalls } from './calls.js';
import { type Confirming, StaffView } from './view.js';

/** The staff page's context: the site's time zone, for the times shown. */
export interface StaffContext extends StudioContext {
  readonly timeZone?: string;
}

export type StaffState = { status: 'loading' } | { status: 'ready'; list: StaffList } | { status: 'error'; message: string };

const PATH = '/config/staff';

export default function StaffPage({ context, api }: PageProps<StaffContext>) {
  const calls = useMemo(() => staffCalls(api), [api]);
  const [state, setState] = useState<StaffState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [inviteErrors, setInviteErrors] = useState<Readonly<Record<string, string>>>({});
  const [invited, setInvited] = useState(0);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const load = useCallback(async () => {
    const answer = await calls.list();
    if (answer.ok) return setState({ status: 'ready', list: answer.data });
    if (answer.status === 401) return signInAgain(PATH);
    setState({ status: 'error', message: answer.message });
  }, [calls]);

  useEffect(() => {
    setState({ status: 'loading' });
    void load();
  }, [load, attempt]);

  /** Runs a call with its key marked busy; a failure shows the server's message (or asks to sign in again). */
  const during = async (key: string, work: () => Promise<ApiError | string>) => {
    setBusy((b) => new Set([...b, key]));
    try {
      const outcome = await work();
      if (typeof outcome === 'string') {
        setNotice({ kind: 'ok', text: outcome });
        await load();
      } else if (outcome.status === 401) signInAgain(PATH);
      else setNotice({ kind: 'error', text: outcome.message });
    } finally {
      setBusy((b) => new Set([...b].filter((k) => k !== key)));
    }
  };

  const onInvite = (email: string, role: number) =>
    void during('invite', async () => {
      const answer = await calls.invite(email, role);
      setInviteErrors(answer.ok ? {} : answer.fieldErrors);
      if (!answer.ok) return answer;
      setInvited((n) => n + 1);
      return `Invitation sent to ${answer.data.invitation.email}, as ${answer.data.invitation.roleName}.`;
    });

  const onResend = (i: Invitation) =>
    void during(i.id, async () => {
      const answer = await calls.invite(i.email, i.role);
      return answer.ok ? `Invitation sent again to ${i.email}; the earlier link no longer works.` : answer;
    });

  const onRevoke = (i: Invitation) => {
    setConfirming(null);
    void during(i.id, async () => {
      const answer = await calls.revoke(i.id);
      return answer.ok ? `The invitation of ${i.email} was revoked: its link no longer works.` : answer;
    });
  };

  const onRole = (a: StaffAccount, role: number) =>
    void during(a.id, async () => {
      const answer = await calls.change(a.id, { role });
      if (!answer.ok) return answer;
      // Made something other than admin, the account no longer manages staff: on to the home page.
      if (a.isYou && role !== 1) location.assign('/config/');
      return `${a.email} is now ${answer.data.account.roleName}.`;
    });

  const onNotify = (a: StaffAccount, on: boolean) =>
    void during(a.id, async () => {
      const answer = await calls.change(a.id, { notifyNewOrders: on });
      if (!answer.ok) return answer;
      return on ? `${a.email} will get an email for every new order.` : `${a.email} will no longer get new-order emails.`;
    });

  const onRemove = (a: StaffAccount) => {
    setConfirming(null);
    void during(a.id, async () => {
      const answer = await calls.remove(a.id);
      return answer.ok ? `${a.email} was removed and signed out everywhere.` : answer;
    });
  };

  return (
    <StaffView
      context={context}
      state={state}
      notice={notice}
      busy={busy}
      inviteErrors={inviteErrors}
      invited={invited}
      confirming={confirming}
      onInvite={onInvite}
      onResend={onResend}
      onRevoke={onRevoke}
      onRole={onRole}
      onNotify={onNotify}
      onRemove={onRemove}
      onConfirm={setConfirming}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}
