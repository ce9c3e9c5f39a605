// One order (/config/orders/:id): OrderPage reads it, runs the actions its state allows (one at a
// time: a double click sends once) and says how each ended in the live status line; OrderView draws.
// A 409 means the order changed under the owner (another staff member, the shopper, a job): the
// page says so and shows the order as it is now.
import type { ApiResult } from '@tessera/core/api-client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type OrderAnswer, orderCalls } from './calls.js';
import { fmtOf } from './fmt.js';
import { type ActionName, type Busy, OrderView, type OrderState } from './view.js';

/** The order page's context: the order's id (from its address), the site's time zone and currency. */
export interface OrderContext extends StudioContext {
  readonly orderId: string;
  readonly timeZone?: string;
  readonly currency?: string;
}

type Notice = { kind: 'ok' | 'error'; text: string } | null;

const CHANGED = 'Someone else changed this order at the same time, so nothing was done. It is shown as it is now: check it and try again.';
const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export default function OrderPage({ context, api }: PageProps<OrderContext>) {
  const calls = useMemo(() => orderCalls(api, context.orderId), [api, context.orderId]);
  const here = `/config/orders/${encodeURIComponent(context.orderId)}`;
  const [state, setState] = useState<OrderState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [dialog, setDialog] = useState<ActionName | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  // Set at once, before React draws the disabled button: the second click of a double click finds it.
  const running = useRef(false);

  const load = useCallback(async () => {
    const answer = await calls.get();
    if (answer.ok) return setState({ status: 'ready', answer: answer.data });
    if (answer.status === 401) return signInAgain(here);
    setState({ status: 'error', message: answer.message, notFound: answer.status === 404 });
  }, [calls, here]);

  useEffect(() => {
    void load();
  }, [load, attempt]);

  const order = state.status === 'ready' ? state.answer.order : null;
  useEffect(() => {
    if (order) document.title = `Order #${order.orderNumber} · ${context.siteTitle}`;
  }, [order?.orderNumber, context.siteTitle]);

  const fmt = useMemo(
    () => fmtOf(context.language, order?.currency ?? context.currency ?? 'USD', context.timeZone),
    [context.language, order?.currency, context.currency, context.timeZone],
  );

  /** Runs one call that changes the order; `done` says what happened, from the order before and after. */
  const run = async (name: Exclude<Busy, null>, call: () => Promise<ApiResult<OrderAnswer>>, done: (before: OrderAnswer, after: OrderAnswer) => string) => {
    if (running.current || state.status !== 'ready') return false;
    running.current = true;
    const before = state.answer;
    setBusy(name);
    setDialogError(null);
    const result = await call();
    running.current = false;
    setBusy(null);
    if (result.ok) {
      setState({ status: 'ready', answer: result.data });
      setDialog(null);
      setNotice({ kind: 'ok', text: done(before, result.data) });
      return true;
    }
    if (result.status === 401) {
      signInAgain(here);
      return false;
    }
    if (result.status === 409) {
      // The order is not what the owner saw: show it as it is, and why nothing was done.
      setDialog(null);
      setNotice({ kind: 'error', text: result.code === 'ORDER_CHANGED' ? CHANGED : `${result.message} The order is shown as it is now.` });
      await load();
      return false;
    }
    // Bad input or a lost answer: the dialog stays open with the message (a refund retried keeps its key).
    if (name !== 'note' && dialog) setDialogError(result.message);
    else setNotice({ kind: 'error', text: result.message });
    return false;
  };

  const onOpen = (name: ActionName) => {
    setDialogError(null);
    setDialog(name);
  };
  const onClose = () => {
    if (!running.current) setDialog(null);
  };

  return (
    <OrderView
      state={state}
      fmt={fmt}
      canManage={context.permissions?.includes('manageOrders') ?? false}
      canViewCustomers={context.permissions?.includes('viewCustomers') ?? false}
      notice={notice}
      busy={busy}
      dialog={dialog}
      dialogError={dialogError}
      onOpen={onOpen}
      onClose={onClose}
      onRetry={() => setAttempt((n) => n + 1)}
      onMarkPaid={(reference) =>
        void run(
          'markPaid',
          () => calls.markPaid(reference),
          (_, a) => `Order #${a.order.orderNumber} is marked as paid.`,
        )
      }
      onFulfil={(body) =>
        void run(
          'fulfill',
          () => calls.fulfill(body),
          () =>
            `Fulfilled ${items(body.lines.reduce((n, l) => n + l.quantity, 0))}.${body.notify ? ' The customer is emailed that they are on their way.' : ''}`,
        )
      }
      onCancel={(notify) =>
        void run(
          'cancel',
          () => calls.cancel(notify),
          (b, a) =>
            `Order #${a.order.orderNumber} is canceled.${a.order.refundedCents > b.order.refundedCents ? ` ${fmt.money(a.order.refundedCents - b.order.refundedCents)} refunded.` : ''}`,
        )
      }
      onRefund={(body, key) =>
        void run(
          'refund',
          () => calls.refund(body, key),
          (b, a) => {
            const refunded = a.order.refundedCents - b.order.refundedCents;
            return refunded > 0 ? `Refunded ${fmt.money(refunded)}.` : 'This refund was made already: nothing more was refunded.';
          },
        )
      }
      onNote={(text) =>
        run(
          'note',
          () => calls.note(text),
          () => 'Note added.',
        )
      }
    />
  );
}
