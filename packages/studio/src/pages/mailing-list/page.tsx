// The owner's mailing list (/config/mailing-list): MailingListPage holds the filters (kept in the
// address), the subscribers loaded so far and the counts per state, and calls the API;
// MailingListView draws. A removal says its result in the page's live region.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type Subscriber, type SubscriberCounts, type SubscriberFilters, filtersFromSearch, mailingListCalls, queryOf } from './calls.js';
import { MailingListView } from './view.js';

export interface MailingListContext extends StudioContext {
  readonly timeZone?: string;
  /** Where addresses came from (`newsletter-form`, `restock`, …), for the source filter. */
  readonly sources?: readonly string[];
}

export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; subscribers: Subscriber[]; nextCursor: string | null; counts: SubscriberCounts; more: 'idle' | 'loading' | string }
  | { status: 'error'; message: string; fields: Record<string, string> };

const PAGE = '/config/mailing-list';

export default function MailingListPage({ context, api }: PageProps<MailingListContext>) {
  const calls = useMemo(() => mailingListCalls(api), [api]);
  const [filters, setFilters] = useState(() => filtersFromSearch(location.search));
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [message, setMessage] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const shown = useRef(filters);
  shown.current = filters;

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void calls.list(filters, null).then((answer) => {
      if (!current) return;
      if (answer.ok)
        return setState({ status: 'ready', ...answer.data, counts: answer.data.counts ?? { pending: 0, subscribed: 0, unsubscribed: 0 }, more: 'idle' });
      if (answer.status === 401) return signInAgain(`${PAGE}${location.search}`);
      setState({ status: 'error', message: answer.message, fields: { ...answer.fieldErrors } });
    });
    return () => {
      current = false;
    };
  }, [calls, filters, attempt]);

  useEffect(() => {
    const onPop = () => setFilters(filtersFromSearch(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const onFilters = useCallback((next: SubscriberFilters) => {
    const q = queryOf(next).toString();
    history.pushState(null, '', q ? `${PAGE}?${q}` : PAGE);
    setMessage('');
    setFilters(next);
  }, []);

  const onMore = () => {
    if (state.status !== 'ready' || !state.nextCursor || state.more === 'loading') return;
    const asked = filters;
    setState({ ...state, more: 'loading' });
    void calls.list(asked, state.nextCursor).then((answer) => {
      if (shown.current !== asked) return;
      if (answer.status === 401) return signInAgain(`${PAGE}${location.search}`);
      setState((s) => {
        if (s.status !== 'ready') return s;
        if (!answer.ok) return { ...s, more: answer.message };
        return { ...s, subscribers: [...s.subscribers, ...answer.data.subscribers], nextCursor: answer.data.nextCursor, more: 'idle' };
      });
    });
  };

  /** Removes an address; true when it is gone (or was already). */
  const onRemove = async (subscriber: Subscriber): Promise<boolean> => {
    setRemoving(subscriber.id);
    const answer = await calls.remove(subscriber.id);
    setRemoving(null);
    if (!answer.ok && answer.status === 401) {
      signInAgain(`${PAGE}${location.search}`);
      return false;
    }
    if (!answer.ok && answer.status !== 404) {
      setMessage(answer.message);
      return false;
    }
    setState((s) => {
      if (s.status !== 'ready') return s;
      const counts = { ...s.counts, [subscriber.status]: Math.max(0, s.counts[subscriber.status] - 1) };
      return { ...s, subscribers: s.subscribers.filter((x) => x.id !== subscriber.id), counts };
    });
    setMessage(`Removed ${subscriber.email} from the mailing list.`);
    return true;
  };

  return (
    <MailingListView
      context={context}
      filters={filters}
      state={state}
      message={message}
      removing={removing}
      onFilters={onFilters}
      onMore={onMore}
      onRetry={() => setAttempt((n) => n + 1)}
      onRemove={onRemove}
    />
  );
}
