// The owner's moderation queue (/config/reviews): ReviewsPage holds the filters (kept in the address),
// the reviews loaded so far, the counts per state and the approval setting, and calls the API;
// ReviewsView draws. Every action says its result in the page's live region.
import type { ApiError } from '@tessera/core/api-client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type OwnerReview, type ReviewSettings, type StatusCounts, reviewCalls } from './calls.js';
import { type ReviewFilters, filtersFromSearch, queryOf, searchOfFilters } from './filters.js';
import { ReviewsView } from './view.js';

export interface ReviewsContext extends StudioContext {
  readonly timeZone?: string;
  /** The reviewed products, for the product filter. */
  readonly products?: readonly { id: string; title: string }[];
}

export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; reviews: OwnerReview[]; nextCursor: string | null; counts: StatusCounts; more: 'idle' | 'loading' | string }
  | { status: 'error'; message: string; fields: Record<string, string> };

export type SettingsState = { status: 'loading' } | ({ status: 'ready'; saving: boolean } & ReviewSettings) | { status: 'error'; message: string };

export type ReviewAction = 'approve' | 'hide';

const PAGE = '/config/reviews';
const ACTION_DONE: Record<ReviewAction, string> = { approve: 'Approved', hide: 'Hid' };
const who = (r: OwnerReview) => `the review by ${r.reviewerName}`;
/** A sentence ends with one full stop, also after a name that ends with one ("Ada L."). */
const said = (text: string) => (text.endsWith('.') ? text : `${text}.`);

export default function ReviewsPage({ context, api }: PageProps<ReviewsContext>) {
  const calls = useMemo(() => reviewCalls(api), [api]);
  const [filters, setFilters] = useState(() => filtersFromSearch(location.search));
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [settings, setSettings] = useState<SettingsState>({ status: 'loading' });
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [attempt, setAttempt] = useState(0);
  const shown = useRef(filters);
  shown.current = filters;

  const gone = useCallback((error: ApiError) => {
    if (error.status === 401) signInAgain(`${PAGE}${location.search}`);
  }, []);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void calls.list(queryOf(filters)).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', ...answer.data, counts: answer.data.counts ?? { pending: 0, approved: 0, hidden: 0 }, more: 'idle' });
      gone(answer);
      setState({ status: 'error', message: answer.message, fields: { ...answer.fieldErrors } });
    });
    return () => {
      current = false;
    };
  }, [calls, filters, attempt, gone]);

  useEffect(() => {
    void calls.settings().then((answer) => {
      if (answer.ok) return setSettings({ status: 'ready', saving: false, ...answer.data });
      gone(answer);
      setSettings({ status: 'error', message: answer.message });
    });
  }, [calls, gone]);

  useEffect(() => {
    const onPop = () => setFilters(filtersFromSearch(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const onFilters = useCallback((next: ReviewFilters) => {
    history.pushState(null, '', `${PAGE}${searchOfFilters(next)}`);
    setMessage('');
    setFilters(next);
  }, []);

  const onMore = () => {
    if (state.status !== 'ready' || !state.nextCursor || state.more === 'loading') return;
    const asked = filters;
    const query = queryOf(asked);
    query.set('cursor', state.nextCursor);
    setState({ ...state, more: 'loading' });
    void calls.list(query).then((answer) => {
      if (shown.current !== asked) return;
      if (!answer.ok) gone(answer);
      setState((s) => {
        if (s.status !== 'ready') return s;
        if (!answer.ok) return { ...s, more: answer.message };
        return { ...s, reviews: [...s.reviews, ...answer.data.reviews], nextCursor: answer.data.nextCursor, more: 'idle' };
      });
    });
  };

  const setBusyFor = (id: string, on: boolean) =>
    setBusy((b) => {
      const next = new Set(b);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** The list after a review changed state (or left): it leaves a tab of another state; the counts follow. */
  const changed = (before: OwnerReview, after: OwnerReview | null) =>
    setState((s) => {
      if (s.status !== 'ready') return s;
      const counts = { ...s.counts, [before.status]: Math.max(0, s.counts[before.status] - 1) };
      if (after) counts[after.status] += 1;
      const stays = after && (!filters.status || after.status === filters.status);
      const reviews = stays ? s.reviews.map((r) => (r.id === before.id ? after : r)) : s.reviews.filter((r) => r.id !== before.id);
      return { ...s, reviews, counts };
    });

  const onAction = async (review: OwnerReview, action: ReviewAction) => {
    setBusyFor(review.id, true);
    const answer = await calls[action](review.id);
    setBusyFor(review.id, false);
    if (answer.ok) {
      changed(review, answer.data.review);
      setMessage(said(`${ACTION_DONE[action]} ${who(review)}`));
      return;
    }
    gone(answer);
    if (answer.status === 404) {
      changed(review, null);
      return setMessage('This review was deleted meanwhile.');
    }
    setMessage(answer.message);
  };

  /** Saves the reply; answers the message to show beside its field, or null when saved. */
  const onReply = async (review: OwnerReview, reply: string): Promise<string | null> => {
    setBusyFor(review.id, true);
    const answer = await calls.reply(review.id, reply);
    setBusyFor(review.id, false);
    if (answer.ok) {
      changed(review, answer.data.review);
      setMessage(said(answer.data.review.reply ? `Saved your reply to ${who(review)}` : `Removed your reply to ${who(review)}`));
      return null;
    }
    gone(answer);
    return answer.fieldErrors.reply ?? answer.message;
  };

  const onDelete = async (review: OwnerReview): Promise<boolean> => {
    setBusyFor(review.id, true);
    const answer = await calls.remove(review.id);
    setBusyFor(review.id, false);
    if (answer.ok || answer.status === 404) {
      changed(review, null);
      setMessage(said(`Deleted ${who(review)}`));
      return true;
    }
    gone(answer);
    setMessage(answer.message);
    return false;
  };

  const onRequireApproval = async (on: boolean) => {
    if (settings.status !== 'ready') return;
    setSettings({ ...settings, saving: true });
    const answer = await calls.saveSettings(settings.version, on);
    if (answer.ok) {
      setSettings({ status: 'ready', saving: false, ...answer.data });
      setMessage(on ? 'New reviews now wait for your approval.' : 'New reviews are now published at once.');
      return;
    }
    gone(answer);
    setMessage(answer.message);
    // Someone saved the store settings meanwhile: show what is saved now, so the next change starts from it.
    const fresh = await calls.settings();
    setSettings(fresh.ok ? { status: 'ready', saving: false, ...fresh.data } : { ...settings, saving: false });
  };

  return (
    <ReviewsView
      context={context}
      filters={filters}
      state={state}
      settings={settings}
      message={message}
      busy={busy}
      onFilters={onFilters}
      onMore={onMore}
      onRetry={() => setAttempt((n) => n + 1)}
      onAction={onAction}
      onReply={onReply}
      onDelete={onDelete}
      onRequireApproval={onRequireApproval}
    />
  );
}
