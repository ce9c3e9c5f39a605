// The owner's customer list (/config/customers): CustomersPage holds the search, the sort and the
// pages seen so far (their cursors, for Previous), calls the API; CustomersView draws. The search
// and the sort are kept in the page's address, so that coming back from a customer finds them.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type CustomerSort, type ListQuery, customerListCalls } from './calls.js';
import { CustomersView, type ListState, SORT_LABELS } from './view.js';

export interface CustomersContext extends StudioContext {
  readonly timeZone?: string;
  readonly currency?: string;
}

const isSort = (value: string | null): value is CustomerSort => value !== null && Object.hasOwn(SORT_LABELS, value);

export function queryFromLocation(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  return { q: params.get('q') ?? '', sort: isSort(sort) ? sort : 'last_order' };
}

function locationOf(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.sort !== 'last_order') params.set('sort', query.sort);
  const text = params.toString();
  return text ? `?${text}` : location.pathname;
}

export default function CustomersPage({ context, api }: PageProps<CustomersContext>) {
  const calls = useMemo(() => customerListCalls(api), [api]);
  const [query, setQuery] = useState(() => queryFromLocation(location.search));
  // The cursor of each page seen: the last is the page shown (null: the first).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const cursor = cursors[cursors.length - 1] ?? null;

  useEffect(() => {
    let current = true;
    setState((s) => (s.status === 'ready' ? { ...s, loading: true } : { status: 'loading' }));
    void calls.list(query, cursor).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', page: answer.data, loading: false });
      if (answer.status === 401) return signInAgain(`/config/customers${location.search}`);
      setState({ status: 'error', message: answer.message, fields: { ...answer.fieldErrors } });
    });
    return () => {
      current = false;
    };
  }, [calls, query, cursor, attempt]);

  useEffect(() => {
    const onPop = () => {
      setQuery(queryFromLocation(location.search));
      setCursors([null]);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const onQuery = useCallback((next: ListQuery) => {
    history.replaceState(null, '', locationOf(next));
    setQuery(next);
    setCursors([null]);
  }, []);

  return (
    <CustomersView
      context={context}
      query={query}
      state={state}
      pageNumber={cursors.length}
      onQuery={onQuery}
      onNext={(next) => setCursors((c) => [...c, next])}
      onPrevious={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}
