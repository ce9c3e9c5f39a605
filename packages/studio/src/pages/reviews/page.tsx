// The owner's moderation queue (/config/reviews): ReviewsPage holds the filters (kept in the address),
// the reviews loaded so far, the counts per state and the approval setting (in the moderation queue
// it shares with the comments page), and calls the API; ReviewsView draws. Every action says its
// result in the page's live region.
import { useMemo } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { asPage } from '../../ui/address-list.js';
import { type SettingsState, replaced, useModerationQueue } from '../../ui/moderation-queue.js';
import { type OwnerReview, type ReviewSettings, reviewCalls } from './calls.js';
import { filtersFromSearch, queryOf, searchOfFilters } from './filters.js';
import { ReviewsView } from './view.js';

export interface ReviewsContext extends StudioContext {
  readonly timeZone?: string;
  /** The reviewed products, for the product filter. */
  readonly products?: readonly { id: string; title: string }[];
}

export type ReviewSettingsState = SettingsState<ReviewSettings>;
export type ReviewAction = 'approve' | 'hide';

const ACTION_DONE: Record<ReviewAction, string> = { approve: 'Approved', hide: 'Hid' };
const who = (r: OwnerReview) => `the review by ${r.reviewerName}`;
/** A sentence ends with one full stop, also after a name that ends with one ("Ada L."). */
const said = (text: string) => (text.endsWith('.') ? text : `${text}.`);

export default function ReviewsPage({ context, api }: PageProps<ReviewsContext>) {
  const calls = useMemo(() => reviewCalls(api), [api]);
  const queue = useModerationQueue({
    path: '/config/reviews',
    fromSearch: filtersFromSearch,
    searchOf: searchOfFilters,
    list: async (filters, cursor) => {
      const query = queryOf(filters);
      if (cursor) query.set('cursor', cursor);
      // The counts come with the first page only.
      return asPage(await calls.list(query), (d) => ({
        items: d.reviews,
        nextCursor: d.nextCursor,
        counts: d.counts ?? { pending: 0, approved: 0, hidden: 0 },
      }));
    },
    settings: calls.settings,
  });
  const { query: filters, settings, setSettings, say, run } = queue;

  /** The list after a review changed state (or left): it leaves a tab of another state; the counts follow. */
  const changed = (before: OwnerReview, after: OwnerReview | null) =>
    queue.change((s) => {
      const counts = { ...s.counts, [before.status]: Math.max(0, s.counts[before.status] - 1) };
      if (after) counts[after.status] += 1;
      return { ...s, items: replaced(s.items, before.id, after, (r) => !filters.status || r.status === filters.status), counts };
    });

  const onAction = async (review: OwnerReview, action: ReviewAction) => {
    const answer = await run(review.id, () => calls[action](review.id));
    if (answer.ok) {
      changed(review, answer.data.review);
      return say(said(`${ACTION_DONE[action]} ${who(review)}`));
    }
    if (answer.status === 404) {
      changed(review, null);
      return say('This review was deleted meanwhile.');
    }
    say(answer.message);
  };

  /** Saves the reply; answers the message to show beside its field, or null when saved. */
  const onReply = async (review: OwnerReview, reply: string): Promise<string | null> => {
    const answer = await run(review.id, () => calls.reply(review.id, reply));
    if (!answer.ok) return answer.fieldErrors.reply ?? answer.message;
    changed(review, answer.data.review);
    say(said(answer.data.review.reply ? `Saved your reply to ${who(review)}` : `Removed your reply to ${who(review)}`));
    return null;
  };

  const onDelete = async (review: OwnerReview): Promise<boolean> => {
    const answer = await run(review.id, () => calls.remove(review.id));
    if (answer.ok || answer.status === 404) {
      changed(review, null);
      say(said(`Deleted ${who(review)}`));
      return true;
    }
    say(answer.message);
    return false;
  };

  const onRequireApproval = async (on: boolean) => {
    if (settings.status !== 'ready') return;
    setSettings({ ...settings, saving: true });
    const answer = await calls.saveSettings(settings.version, on);
    if (answer.ok) {
      setSettings({ status: 'ready', saving: false, ...answer.data });
      return say(on ? 'New reviews now wait for your approval.' : 'New reviews are now published at once.');
    }
    queue.gone(answer);
    say(answer.message);
    // Someone saved the store settings meanwhile: show what is saved now, so the next change starts from it.
    const fresh = await calls.settings();
    setSettings(fresh.ok ? { status: 'ready', saving: false, ...fresh.data } : { ...settings, saving: false });
  };

  return (
    <ReviewsView
      context={context}
      filters={filters}
      queue={queue}
      settings={settings}
      onFilters={queue.onQuery}
      onAction={onAction}
      onReply={onReply}
      onDelete={onDelete}
      onRequireApproval={onRequireApproval}
    />
  );
}
