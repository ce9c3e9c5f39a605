// The owner's restock notifications page (/config/restock): RestockPage holds the state and calls
// the API; RestockView draws.
import { ApiError } from '@tessera/core/api-client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type SignUpGroup, allGroups, restockCalls } from './calls.js';
import { type GroupsState, RestockView, type SignUpList } from './view.js';

/** The restock page's context: the site's time zone, for the signup times. */
export interface RestockContext extends StudioContext {
  readonly timeZone?: string;
}

const label = (g: SignUpGroup) => `${g.productTitle ?? 'A removed product'}${g.variantText ? ` (${g.variantText})` : ''}`;
const notices = (n: number) => `${n} notice${n === 1 ? '' : 's'}`;

export default function RestockPage({ context, api: client }: PageProps<RestockContext>) {
  const api = useMemo(() => restockCalls(client), [client]);
  const [state, setState] = useState<GroupsState>({ status: 'loading' });
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [lists, setLists] = useState<Record<string, SignUpList & { cursor: string | null }>>({});
  const [attempt, setAttempt] = useState(0);

  const fail = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return signInAgain('/config/restock');
    setNotice({ kind: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong' });
  }, []);

  const reload = useCallback(async () => {
    const groups = await allGroups(api);
    setState({ status: 'ready', groups });
  }, [api]);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    allGroups(api).then(
      (groups) => current && setState({ status: 'ready', groups }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) return fail(error);
        setState({ status: 'error', message: error instanceof ApiError ? error.message : 'Something went wrong' });
      },
    );
    return () => {
      current = false;
    };
  }, [api, attempt, fail]);

  const during = async (ids: string[], work: () => Promise<void>) => {
    setBusy((b) => new Set([...b, ...ids]));
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy((b) => new Set([...b].filter((id) => !ids.includes(id))));
    }
  };

  const onSend = (g: SignUpGroup) =>
    during([g.variantId], async () => {
      const result = await api.send(g.productId, g.variantId);
      setNotice({ kind: 'ok', text: `Sent ${notices(result.sent)} for ${label(g)}.` });
      setLists(({ [g.variantId]: _, ...rest }) => rest);
      await reload();
    });

  const onSendAll = (groups: SignUpGroup[]) =>
    during(
      groups.map((g) => g.variantId),
      async () => {
        const answer = await api.sendAll(groups.map(({ productId, variantId }) => ({ productId, variantId })));
        const failed = answer.results.filter((r) => r.error);
        setNotice(
          failed.length === 0
            ? { kind: 'ok', text: `Sent ${notices(answer.sent)}.` }
            : { kind: 'error', text: `Sent ${notices(answer.sent)}; ${failed.length} not sent: ${failed.map((r) => r.error!.message).join(' ')}` },
        );
        setLists({});
        await reload();
      },
    );

  const onStock = (g: SignUpGroup, stock: number) =>
    during([g.variantId], async () => {
      const answer = await api.setStock(g.variantId, stock);
      const auto = answer.restockNotificationsSent;
      setNotice({ kind: 'ok', text: `${label(g)}: ${answer.qtyInStock} in stock.${auto ? ` Sent ${notices(auto)} automatically.` : ''}` });
      await reload();
    });

  const onList = (g: SignUpGroup, more: boolean) => {
    const open = lists[g.variantId];
    if (open && !more) {
      setLists(({ [g.variantId]: _, ...rest }) => rest);
      return;
    }
    const cursor = more && open ? open.cursor : null;
    setLists((l) => ({ ...l, [g.variantId]: { signUps: open && more ? open.signUps : [], hasNextPage: false, cursor, loading: true } }));
    api.signUps(g.productId, g.variantId, cursor).then(
      (page) =>
        setLists((l) => ({
          ...l,
          [g.variantId]: {
            signUps: [...(more && l[g.variantId] ? l[g.variantId]!.signUps : []), ...page.signUps],
            hasNextPage: page.hasNextPage,
            cursor: page.nextPageCursor,
            loading: false,
          },
        })),
      fail,
    );
  };

  return (
    <RestockView
      context={context}
      state={state}
      notice={notice}
      busy={busy}
      lists={lists}
      onSend={(g) => void onSend(g)}
      onSendAll={(g) => void onSendAll(g)}
      onStock={(g, s) => void onStock(g, s)}
      onList={onList}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}
