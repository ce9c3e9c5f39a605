// The owner's orders list (/config/orders): OrdersPage holds the filters (kept in the address), the
// rows loaded so far and the cursor of the next page, and calls the API; OrdersView draws.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { EXPORT_PATH, type OrderSummary, ordersCalls } from './calls.js';
import { type OrderFilters, apiQuery, filtersFromSearch, searchOfFilters } from './filters.js';
import { OrdersView } from './view.js';

/** The orders list's context: the site's time zone and currency, and its products for the product filter. */
export interface OrdersContext extends StudioContext {
  readonly timeZone?: string;
  readonly currency?: string;
  readonly products?: readonly { id: string; title: string }[];
}

export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; orders: OrderSummary[]; nextCursor: string | null; currency: string; more: 'idle' | 'loading' | string }
  | { status: 'error'; message: string };

const PAGE = '/config/orders';

export default function OrdersPage({ context, api }: PageProps<OrdersContext>) {
  const calls = useMemo(() => ordersCalls(api), [api]);
  const [filters, setFilters] = useState(() => filtersFromSearch(location.search));
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The filters shown now: a next page asked for under other filters is dropped when it arrives.
  const shown = useRef(filters);
  shown.current = filters;

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void calls.list(apiQuery(filters, context.timeZone)).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', ...answer.data, more: 'idle' });
      if (answer.status === 401) return signInAgain(`${PAGE}${location.search}`);
      setState({ status: 'error', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [calls, filters, context.timeZone, attempt]);

  // The back and forward buttons bring the filters of that address back.
  useEffect(() => {
    const onPop = () => setFilters(filtersFromSearch(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const onFilters = useCallback((next: OrderFilters) => {
    history.pushState(null, '', `${PAGE}${searchOfFilters(next)}`);
    setFilters(next);
  }, []);

  const onMore = () => {
    if (state.status !== 'ready' || !state.nextCursor || state.more === 'loading') return;
    const asked = filters;
    const query = apiQuery(asked, context.timeZone);
    query.set('cursor', state.nextCursor);
    setState({ ...state, more: 'loading' });
    void calls.list(query).then((answer) => {
      if (shown.current !== asked) return;
      if (answer.status === 401) return signInAgain(`${PAGE}${location.search}`);
      setState((s) => {
        if (s.status !== 'ready') return s;
        if (!answer.ok) return { ...s, more: answer.message };
        return { ...s, orders: [...s.orders, ...answer.data.orders], nextCursor: answer.data.nextCursor, more: 'idle' };
      });
    });
  };

  return (
    <OrdersView
      context={context}
      filters={filters}
      state={state}
      exportUrl={`${EXPORT_PATH}${exportQuery(filters, context.timeZone)}`}
      onFilters={onFilters}
      onMore={onMore}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

function exportQuery(filters: OrderFilters, timeZone?: string): string {
  const q = apiQuery(filters, timeZone).toString();
  return q ? `?${q}` : '';
}
