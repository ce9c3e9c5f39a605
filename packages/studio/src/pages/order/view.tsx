// One order, drawn from props only (page.tsx holds the state and calls the API): its head with the
// actions its state allows (to an account with manageOrders), the live status line, its items and
// totals, the customer, shipping, payment, fulfilments, refunds and the timeline; the open dialog.
import { StatusBadge } from '../../ui/status-badge.js';
import { fulfillmentState, paymentState } from '../orders/status.js';
import type { FulfillBody, OrderActions, OrderAnswer, RefundBody } from './calls.js';
import { CancelDialog, MarkPaidDialog } from './confirm-dialogs.js';
import { Customer, Fulfillments, Payment, Refunds, Shipping } from './details.js';
import type { Fmt } from './fmt.js';
import { FulfilDialog } from './fulfil-dialog.js';
import { Items, Totals } from './items.js';
import { RefundDialog } from './refund-dialog.js';
import { Timeline } from './timeline.js';
import { ErrorBox } from '../../ui/error-box.js';

export type ActionName = keyof OrderActions;
export type Busy = ActionName | 'note' | null;

export type OrderState = { status: 'loading' } | { status: 'ready'; answer: OrderAnswer } | { status: 'error'; message: string; notFound: boolean };

export interface OrderViewProps {
  state: OrderState;
  fmt: Fmt;
  /** The account holds manageOrders. */
  canManage: boolean;
  /** The account holds viewCustomers (the customer's page opens). */
  canViewCustomers: boolean;
  notice: { kind: 'ok' | 'error'; text: string } | null;
  busy: Busy;
  dialog: ActionName | null;
  dialogError: string | null;
  onOpen(dialog: ActionName): void;
  onClose(): void;
  onMarkPaid(reference: string): void;
  onFulfil(body: FulfillBody): void;
  onCancel(notify: boolean): void;
  onRefund(body: RefundBody, key: string): void;
  onNote(text: string): Promise<boolean>;
  onRetry(): void;
}

const ACTION_LABELS: [ActionName, string][] = [
  ['markPaid', 'Mark as paid'],
  ['fulfill', 'Fulfil items'],
  ['refund', 'Refund'],
  ['cancel', 'Cancel order'],
];

export function OrderView(props: OrderViewProps) {
  const { state, fmt, canManage, notice, busy } = props;
  const back = (
    <p className="back-link">
      <a href="/config/orders">All orders</a>
    </p>
  );
  const status = (
    <div id="order-status" className={`status${notice?.kind === 'error' ? ' status-error' : ''}`} role="status" aria-live="polite" tabIndex={-1}>
      {state.status === 'loading' ? 'Loading the order…' : (notice?.text ?? '')}
    </div>
  );
  if (state.status !== 'ready') {
    return (
      <>
        {back}
        {status}
        {state.status === 'error' && (
          <ErrorBox message={state.notFound ? 'There is no such order on this site.' : state.message} onRetry={state.notFound ? undefined : props.onRetry} />
        )}
      </>
    );
  }
  const { order, actions } = state.answer;
  const payment = paymentState(order.paymentStatus);
  const fulfillment = fulfillmentState(order.fulfillmentStatus);
  const allowed = canManage ? ACTION_LABELS.filter(([name]) => actions[name]) : [];
  const dialogProps = { order, fmt, busy: busy !== null, error: props.dialogError, onClose: props.onClose };
  return (
    <>
      {back}
      <div className="order-head">
        <div>
          <h2 className="order-title">Order #{order.orderNumber}</h2>
          <p className="muted">
            Placed {fmt.time(order.created)} · {fmt.money(order.grandTotalCents)}
          </p>
          <p className="badges">
            <StatusBadge tone={payment.tone} label="Payment">
              {payment.text}
            </StatusBadge>
            <StatusBadge tone={fulfillment.tone} label="Fulfilment">
              {fulfillment.text}
            </StatusBadge>
          </p>
        </div>
        {allowed.length > 0 && (
          <div className="order-actions" role="group" aria-label="Order actions">
            {allowed.map(([name, label]) => (
              <button
                key={name}
                type="button"
                className={name === 'markPaid' || name === 'fulfill' ? undefined : 'button-secondary'}
                disabled={busy !== null}
                aria-haspopup="dialog"
                onClick={() => props.onOpen(name)}>
                {label}
              </button>
            ))}
          </div>
        )}
        {status}
      </div>
      <div className="order-grid">
        <div className="order-main">
          <Items order={order} fmt={fmt} />
          <Totals order={order} fmt={fmt} />
        </div>
        <div className="order-side">
          <Customer order={order} canViewCustomers={props.canViewCustomers} />
          <Shipping order={order} fmt={fmt} />
          <Payment order={order} fmt={fmt} />
          <p>
            <a href={order.orderStatusUrl} target="_blank" rel="noreferrer">
              The customer's order page
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        <div className="order-more">
          <Fulfillments order={order} fmt={fmt} />
          <Refunds order={order} fmt={fmt} />
          <Timeline order={order} fmt={fmt} canNote={canManage} noting={busy === 'note'} onNote={props.onNote} />
        </div>
      </div>
      {props.dialog === 'markPaid' && <MarkPaidDialog {...dialogProps} onConfirm={props.onMarkPaid} />}
      {props.dialog === 'fulfill' && <FulfilDialog {...dialogProps} onConfirm={props.onFulfil} />}
      {props.dialog === 'cancel' && <CancelDialog {...dialogProps} onConfirm={props.onCancel} />}
      {props.dialog === 'refund' && <RefundDialog {...dialogProps} onConfirm={props.onRefund} />}
    </>
  );
}
