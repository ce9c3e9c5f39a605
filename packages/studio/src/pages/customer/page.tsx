// One customer's page (/config/customers/<key>): CustomerPage loads the customer and runs the
// account actions (grant and take back a members' area, mail a password reset, sign out
// everywhere), each outcome told in the page's live region; CustomerView draws.
import type { ApiError } from '@tessera/core/api-client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type CustomerDetail, type Membership, customerCalls } from './calls.js';
import { CustomerSubscriptions } from './subscriptions.js';
import { CustomerView, type DetailState, type Notice } from './view.js';

/** A members' area the site has, as the server lists it in the page's context. */
export interface MembersAreaOption {
  readonly collectionId: string;
  readonly title: string;
  readonly area: string;
}

export interface CustomerContext extends StudioContext {
  readonly timeZone?: string;
  readonly currency?: string;
  /** The customer's key from the page's address: an account id or an email. */
  readonly customerKey: string;
  readonly membersAreas?: readonly MembersAreaOption[];
}

const areaName = (m: Membership) => m.collections.map((c) => c.title).join(', ') || m.area;

export default function CustomerPage({ context, api }: PageProps<CustomerContext>) {
  const calls = useMemo(() => customerCalls(api), [api]);
  const key = context.customerKey;
  const [state, setState] = useState<DetailState>({ status: 'loading' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const here = `/config/customers/${encodeURIComponent(key)}`;

  useEffect(() => {
    let current = true;
    void calls.detail(key).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', detail: answer.data });
      if (answer.status === 401) return signInAgain(here);
      setState({ status: answer.status === 404 ? 'missing' : 'error', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [calls, key, here, attempt]);

  const failed = useCallback(
    (answer: ApiError, section: Notice['section']) => {
      if (answer.status === 401) return signInAgain(here);
      setNotice({ kind: 'error', text: answer.message, section });
    },
    [here],
  );

  /** Runs one action at a time; `done` turns its answer into the new state and what to announce. */
  const act = async <T,>(
    name: string,
    section: Notice['section'],
    call: () => Promise<{ ok: true; data: T } | ApiError>,
    done: (data: T, detail: CustomerDetail) => [CustomerDetail, string],
  ) => {
    if (state.status !== 'ready' || busy) return;
    setBusy(name);
    setNotice(null);
    const answer = await call();
    setBusy(null);
    if (!answer.ok) return failed(answer, section);
    // One action at a time (busy): the customer shown is still the one the action started from.
    const [detail, text] = done(answer.data, state.detail);
    setState({ status: 'ready', detail });
    setNotice({ kind: 'ok', text, section });
  };

  const email = state.status === 'ready' ? state.detail.customer.email : '';
  return (
    <CustomerView
      context={context}
      state={state}
      notice={notice}
      busy={busy}
      canManage={context.permissions?.includes('manageSiteUsers') ?? false}
      onRetry={() => setAttempt((n) => n + 1)}
      subscriptions={
        state.status === 'ready' && (
          <CustomerSubscriptions
            api={api}
            customerKey={key}
            email={email}
            language={context.language}
            timeZone={context.timeZone}
            canManage={context.permissions?.includes('manageOrders') ?? false}
          />
        )
      }
      onGrant={(area) =>
        void act(
          'grant',
          'memberships',
          () => calls.grant(key, area.collectionId),
          (data, d) => [{ ...d, memberships: data.memberships }, `${area.title} granted to ${email}: they can open it now.`],
        )
      }
      onRevoke={(m) =>
        void act(
          `revoke:${m.area}`,
          'memberships',
          () => calls.revoke(key, m.collections[0]!.collectionId),
          (data, d) => [
            { ...d, memberships: data.memberships },
            data.revoked ? `${areaName(m)} taken back from ${email}: it closes at their next page.` : `${email} no longer held ${areaName(m)}.`,
          ],
        )
      }
      onPasswordReset={() =>
        void act(
          'reset',
          'account',
          () => calls.passwordReset(key),
          (data, d) => [d, `A password reset link was mailed to ${data.to}. It works once, for an hour.`],
        )
      }
      onSignOut={() =>
        void act(
          'sign-out',
          'account',
          () => calls.signOut(key),
          (data, d) => [
            d.account ? { ...d, account: { ...d.account, activeSessions: 0, lastSignInOn: null } } : d,
            data.endedSessions === 0
              ? `${email} was not signed in anywhere.`
              : `${email} was signed out of ${data.endedSessions} session${data.endedSessions === 1 ? '' : 's'}.`,
          ],
        )
      }
    />
  );
}
