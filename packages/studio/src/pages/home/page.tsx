// The studio's home page (/config/): HomePage holds the summary and calls the API; HomeView draws.
import { useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type HomeSummary, homeCalls } from './calls.js';
import { HomeView } from './view.js';

/** The home page's context: the site's time zone and the store's currency. */
export interface HomeContext extends StudioContext {
  readonly timeZone?: string;
  readonly currency?: string;
}

export type HomeState = { status: 'loading' } | { status: 'ready'; summary: HomeSummary } | { status: 'error'; message: string };

export default function HomePage({ context, api }: PageProps<HomeContext>) {
  const calls = useMemo(() => homeCalls(api), [api]);
  const [state, setState] = useState<HomeState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void calls.summary().then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', summary: answer.data });
      if (answer.status === 401) return signInAgain('/config/');
      setState({ status: 'error', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [calls, attempt]);

  const onNotify = (on: boolean) => {
    if (state.status !== 'ready') return;
    const summary = state.summary;
    setSaving(true);
    void calls.setNotify(summary.account.id, on).then((answer) => {
      setSaving(false);
      if (!answer.ok) {
        if (answer.status === 401) return signInAgain('/config/');
        return setNotice({ kind: 'error', text: answer.message });
      }
      const notifyNewOrders = answer.data.account.notifyNewOrders;
      setState({ status: 'ready', summary: { ...summary, account: { ...summary.account, notifyNewOrders } } });
      setNotice({ kind: 'ok', text: notifyNewOrders ? 'You will get an email for every new order.' : 'You will no longer get an email for new orders.' });
    });
  };

  return <HomeView context={context} state={state} notice={notice} saving={saving} onNotify={onNotify} onRetry={() => setAttempt((n) => n + 1)} />;
}
