// The customer's subscriptions section: loads them and runs the owner's Pause, Resume and Cancel,
// one at a time, each outcome told in the section's live region; SubscriptionsView draws.
import type { Api } from '@tessera/core/api-client';
import { useEffect, useMemo, useState } from 'react';
import { signInAgain } from '../../session.js';
import { type Subscription, type SubscriptionAction, subscriptionCalls } from './subscriptions-calls.js';
import { SubscriptionsView, type SubscriptionsState } from './subscriptions-view.js';

const DONE: Record<SubscriptionAction, string> = {
  pause: 'paused: it will not renew until it is resumed',
  resume: 'resumed: it renews on its next date',
  cancel: 'canceled: it will not renew, and the customer was mailed',
};

export function CustomerSubscriptions(props: { api: Api; customerKey: string; email: string; language: string; timeZone?: string; canManage: boolean }) {
  const calls = useMemo(() => subscriptionCalls(props.api), [props.api]);
  const [state, setState] = useState<SubscriptionsState>({ status: 'loading' });
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const here = `/config/customers/${encodeURIComponent(props.customerKey)}`;

  useEffect(() => {
    let current = true;
    void calls.list(props.customerKey).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', list: answer.data.subscriptions });
      if (answer.status === 401) return signInAgain(here);
      setState({ status: 'error', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [calls, props.customerKey, here]);

  const onAction = async (sub: Subscription, action: SubscriptionAction) => {
    if (busy || state.status !== 'ready') return;
    setBusy(`${action}:${sub.id}`);
    setNotice(null);
    const answer = await calls.act(sub.id, action);
    setBusy(null);
    if (!answer.ok) {
      if (answer.status === 401) return signInAgain(here);
      return setNotice({ kind: 'error', text: answer.message });
    }
    const changed = answer.data.subscription;
    setState({ status: 'ready', list: state.list.map((s) => (s.id === changed.id ? changed : s)) });
    setNotice({ kind: 'ok', text: `${sub.title} ${DONE[action]}.` });
  };

  return (
    <SubscriptionsView
      language={props.language}
      timeZone={props.timeZone}
      email={props.email}
      state={state}
      notice={notice}
      busy={busy}
      canManage={props.canManage}
      onAction={(sub, action) => void onAction(sub, action)}
    />
  );
}
