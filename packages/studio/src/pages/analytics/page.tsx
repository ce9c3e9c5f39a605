// The owner's analytics page (/config/analytics): holds the range and the report, calls the API;
// AnalyticsView draws.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { addDays } from '../../format.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { analyticsCalls } from './calls.js';
import type { AnalyticsContext } from './types.js';
import { AnalyticsView, type LoadState } from './view.js';

export function rangeFromLocation(context: AnalyticsContext, search: string): { from: string; to: string } {
  const params = new URLSearchParams(search);
  const today = context.today ?? new Date().toISOString().slice(0, 10);
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? addDays(to, -((context.defaultRangeDays ?? 30) - 1));
  return { from, to };
}

export default function AnalyticsPage({ context, api }: PageProps<AnalyticsContext>) {
  const calls = useMemo(() => analyticsCalls(api), [api]);
  const [range, setRange] = useState(() => rangeFromLocation(context, location.search));
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void calls.report(range.from, range.to).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', report: answer.data });
      if (answer.status === 401) return signInAgain('/config/analytics');
      setState({ status: 'error', message: answer.message, fields: { ...answer.fieldErrors } });
    });
    return () => {
      current = false;
    };
  }, [calls, range, attempt]);

  useEffect(() => {
    const onPop = () => setRange(rangeFromLocation(context, location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [context]);

  const onRange = useCallback((from: string, to: string) => {
    history.pushState(null, '', `?from=${from}&to=${to}`);
    setRange({ from, to });
  }, []);

  return <AnalyticsView context={context} range={range} state={state} onRange={onRange} onRetry={() => setAttempt((n) => n + 1)} />;
}
