// The state of a list whose query lives in the page's address (the back button brings the previous
// one back) and whose items are read a page at a time by cursor, with the counts per state: the
// mailing list, and the comments and reviews queues (moderation-queue.ts adds their setting). It also
// holds the items whose call is on its way and the latest action's result; a page passes its calls
// and says what its actions change.
import type { ApiError, ApiResult } from '@tessera/core/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { signInAgain } from '../session.js';

/** One page of a list call, in the list's words. */
export interface CursorPage<T, C> {
  readonly items: T[];
  readonly nextCursor: string | null;
  readonly counts: C;
}

export type CursorList<T, C> =
  | { status: 'loading' }
  | { status: 'ready'; items: T[]; nextCursor: string | null; counts: C; more: 'idle' | 'loading' | string }
  | { status: 'error'; message: string; fields: Readonly<Record<string, string>> };

/** The list as useAddressList holds it, which a page hands to its view whole. */
export interface ListProps<T, C> {
  state: CursorList<T, C>;
  /** The latest action's result, for the live region. */
  message: string;
  /** The items whose call is on its way. */
  busy: ReadonlySet<string>;
  onMore(): void;
  onRetry(): void;
}

type Ready<T, C> = Extract<CursorList<T, C>, { status: 'ready' }>;

export interface ListSource<Q, T, C> {
  /** The page's address (`/config/comments`); its query string holds Q. */
  readonly path: string;
  fromSearch(search: string): Q;
  /** Q as the address's query string: `?status=spam`, or ''. */
  searchOf(query: Q): string;
  list(query: Q, cursor: string | null): Promise<ApiResult<CursorPage<T, C>>>;
}

/** A list call's answer as a page of the list. */
export function asPage<D, T, C>(answer: ApiResult<D>, page: (data: D) => CursorPage<T, C>): ApiResult<CursorPage<T, C>> {
  return answer.ok ? { ok: true, status: answer.status, data: page(answer.data) } : answer;
}

export function useAddressList<Q, T extends { id: string }, C>(source: ListSource<Q, T, C>) {
  const calls = useRef(source);
  calls.current = source;
  const [query, setQuery] = useState(() => source.fromSearch(location.search));
  const [state, setState] = useState<CursorList<T, C>>({ status: 'loading' });
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [attempt, setAttempt] = useState(0);
  const shown = useRef(query);
  shown.current = query;

  /** A session that ended signs in again and comes back to the same list. */
  const gone = useCallback((error: ApiError) => {
    if (error.status === 401) signInAgain(`${calls.current.path}${location.search}`);
  }, []);

  // `attempt` is Try again's way to read the list anew.
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void calls.current.list(query, null).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', ...answer.data, more: 'idle' });
      gone(answer);
      setState({ status: 'error', message: answer.message, fields: { ...answer.fieldErrors } });
    });
    return () => {
      current = false;
    };
  }, [query, attempt, gone]);

  useEffect(() => {
    const onPop = () => setQuery(calls.current.fromSearch(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const onQuery = useCallback((next: Q) => {
    history.pushState(null, '', `${calls.current.path}${calls.current.searchOf(next)}`);
    setMessage('');
    setQuery(next);
  }, []);

  const onMore = () => {
    if (state.status !== 'ready' || !state.nextCursor || state.more === 'loading') return;
    const asked = query;
    setState({ ...state, more: 'loading' });
    void calls.current.list(asked, state.nextCursor).then((answer) => {
      // The query changed meanwhile: this page belongs to a list no longer shown.
      if (shown.current !== asked) return;
      if (!answer.ok) gone(answer);
      setState((s) => {
        if (s.status !== 'ready') return s;
        if (!answer.ok) return { ...s, more: answer.message };
        return { ...s, items: [...s.items, ...answer.data.items], nextCursor: answer.data.nextCursor, more: 'idle' };
      });
    });
  };

  /** Runs an item's call with its buttons disabled; a failed one signs in again when the session ended. */
  const run = async <R>(id: string, call: () => Promise<ApiResult<R>>): Promise<ApiResult<R>> => {
    const mark = (on: boolean) =>
      setBusy((b) => {
        const next = new Set(b);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    mark(true);
    const answer = await call();
    mark(false);
    if (!answer.ok) gone(answer);
    return answer;
  };

  /** Changes the list once it is shown. */
  const change = (update: (list: Ready<T, C>) => Ready<T, C>) => setState((s) => (s.status === 'ready' ? update(s) : s));

  return { query, state, message, say: setMessage, busy, gone, onQuery, onMore, onRetry: () => setAttempt((n) => n + 1), run, change };
}
