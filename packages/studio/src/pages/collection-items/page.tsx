// A blog's posts or an events list's events (/config/pages/collections/:collectionId): the page
// holds the list, its filter and search, and the new and delete dialogs; ItemsView draws them.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type ItemQuery, itemCalls, type ListedItem } from './calls.js';
import { ItemsView, type ItemsState } from './view.js';

export interface ItemsContext extends StudioContext {
  readonly collectionId: string;
  /** The collection as the server found it (absent: no blog or events list of that id). */
  readonly collection?: { readonly title: string; readonly type: 'blog' | 'events'; readonly url: string };
  readonly timeZone?: string;
}

const editorOf = (itemId: string) => `/config/pages/${encodeURIComponent(itemId)}/edit`;

export default function ItemsPage({ context, api }: PageProps<ItemsContext>) {
  const calls = useMemo(() => itemCalls(api), [api]);
  const here = `/config/pages/collections/${encodeURIComponent(context.collectionId)}`;
  const [query, setQuery] = useState<ItemQuery>({});
  const [state, setState] = useState<ItemsState>({ status: 'loading' });
  const [announce, setAnnounce] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!context.collection) return;
    let current = true;
    // Search waits for a pause in typing; a filter change answers at once.
    const timer = setTimeout(
      async () => {
        const answer = await calls.list(context.collectionId, query);
        if (!current) return;
        if (answer.ok) return setState({ status: 'ready', items: answer.data.items, nextCursor: answer.data.nextCursor });
        if (answer.status === 401) return signInAgain(here);
        setState({ status: 'error', message: answer.message });
      },
      query.q ? 200 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [calls, context.collectionId, context.collection, query, attempt, here]);

  const more = useCallback(async () => {
    if (state.status !== 'ready' || !state.nextCursor) return;
    const answer = await calls.list(context.collectionId, { ...query, cursor: state.nextCursor });
    if (answer.ok) {
      setState({ status: 'ready', items: [...state.items, ...answer.data.items], nextCursor: answer.data.nextCursor });
      setAnnounce(`${answer.data.items.length} more shown.`);
    } else setAnnounce(answer.message);
  }, [calls, context.collectionId, query, state]);

  const create = async (title: string): Promise<string | Record<string, string> | null> => {
    const answer = await calls.create(context.collectionId, title);
    if (answer.ok) {
      setAnnounce(`${answer.data.title} made: opening the editor.`);
      location.assign(editorOf(answer.data.itemId));
      return null;
    }
    if (answer.status === 401) {
      signInAgain(here);
      return null;
    }
    return answer.fieldErrors ?? answer.message;
  };

  const remove = async (item: ListedItem): Promise<string | null> => {
    const answer = await calls.remove(item.itemId);
    if (!answer.ok) {
      if (answer.status === 401) signInAgain(here);
      return answer.message;
    }
    setState((s) => (s.status === 'ready' ? { ...s, items: s.items.filter((i) => i.itemId !== item.itemId) } : s));
    setAnnounce(`${item.title} deleted.`);
    return null;
  };

  return (
    <ItemsView
      context={context}
      query={query}
      state={state}
      announce={announce}
      onQuery={setQuery}
      onRetry={() => setAttempt((n) => n + 1)}
      onMore={more}
      onCreate={create}
      onDelete={remove}
      editorOf={editorOf}
    />
  );
}
