// The owner's mailing list (/config/mailing-list): MailingListPage holds the filters (kept in the
// address), the subscribers loaded so far and the counts per state (in the list state it shares with
// the moderation pages), and calls the API; MailingListView draws. A removal says its result in the
// page's live region.
import { useMemo } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { type CursorList, asPage, useAddressList } from '../../ui/address-list.js';
import { type Subscriber, type SubscriberCounts, filtersFromSearch, mailingListCalls, queryOf } from './calls.js';
import { MailingListView } from './view.js';

export interface MailingListContext extends StudioContext {
  readonly timeZone?: string;
  /** Where addresses came from (`newsletter-form`, `restock`, …), for the source filter. */
  readonly sources?: readonly string[];
}

export type ListState = CursorList<Subscriber, SubscriberCounts>;

export default function MailingListPage({ context, api }: PageProps<MailingListContext>) {
  const calls = useMemo(() => mailingListCalls(api), [api]);
  const list = useAddressList({
    path: '/config/mailing-list',
    fromSearch: filtersFromSearch,
    searchOf: (filters) => {
      const q = queryOf(filters).toString();
      return q ? `?${q}` : '';
    },
    // The counts come with the first page only.
    list: async (filters, cursor) =>
      asPage(await calls.list(filters, cursor), (d) => ({
        items: d.subscribers,
        nextCursor: d.nextCursor,
        counts: d.counts ?? { pending: 0, subscribed: 0, unsubscribed: 0 },
      })),
  });

  /** Removes an address; true when it is gone (or was already). */
  const onRemove = async (subscriber: Subscriber): Promise<boolean> => {
    const answer = await list.run(subscriber.id, () => calls.remove(subscriber.id));
    if (!answer.ok && answer.status !== 404) {
      // A session that ended is on its way to the sign-in page.
      if (answer.status !== 401) list.say(answer.message);
      return false;
    }
    list.change((s) => {
      const counts = { ...s.counts, [subscriber.status]: Math.max(0, s.counts[subscriber.status] - 1) };
      return { ...s, items: s.items.filter((x) => x.id !== subscriber.id), counts };
    });
    list.say(`Removed ${subscriber.email} from the mailing list.`);
    return true;
  };

  return <MailingListView context={context} filters={list.query} list={list} onFilters={list.onQuery} onRemove={onRemove} />;
}
