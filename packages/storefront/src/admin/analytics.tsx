// Entry: the owner's analytics page (/config/analytics). Its own Vite entry: visitor pages never
// load it. The page holds the state and calls the API; AnalyticsView renders.
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError, type OwnerApi, createOwnerApi } from './api.js';
import { addDays } from './format.js';
import { type AdminContext, readAdminContext } from './types.js';
import { AnalyticsView, type LoadState } from './view.js';
import './admin.css';

export function rangeFromLocation(context: AdminContext, search: string): { from: string; to: string } {
  const params = new URLSearchParams(search);
  const today = context.today ?? new Date().toISOString().slice(0, 10);
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? addDays(to, -((context.defaultRangeDays ?? 30) - 1));
  return { from, to };
}

export function AnalyticsPage({ context, api }: { context: AdminContext; api: OwnerApi }) {
  const [range, setRange] = useState(() => rangeFromLocation(context, location.search));
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    api.analytics(range.from, range.to).then(
      (report) => current && setState({ status: 'ready', report }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) {
          location.assign(`/config/login?next=${encodeURIComponent('/config/analytics')}`);
          return;
        }
        const e = error instanceof ApiError ? error : new ApiError(0, 'Something went wrong');
        setState({ status: 'error', message: e.message, fields: e.fields });
      },
    );
    return () => {
      current = false;
    };
  }, [api, range, attempt]);

  useEffect(() => {
    const onPop = () => setRange(rangeFromLocation(context, location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [context]);

  const onRange = useCallback((from: string, to: string) => {
    history.pushState(null, '', `?from=${from}&to=${to}`);
    setRange({ from, to });
  }, []);
  const onSignOut = useCallback(() => {
    api.signOut().finally(() => location.assign('/config/login'));
  }, [api]);

  return <AnalyticsView context={context} range={range} state={state} onRange={onRange} onRetry={() => setAttempt((n) => n + 1)} onSignOut={onSignOut} />;
}

const root = typeof document !== 'undefined' ? document.getElementById('tessera-admin') : null;
if (root) createRoot(root).render(<AnalyticsPage context={readAdminContext()} api={createOwnerApi()} />);
