// The two confirmations that take no more than a word from the owner: mark an offline order paid, and
// cancel an order. Each says what will happen before it happens.
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import { providerName } from '../orders/status.js';
import type { OrderDetail } from './calls.js';
import type { Fmt } from './fmt.js';

export interface ActionDialogProps {
  order: OrderDetail;
  fmt: Fmt;
  /** The call is under way: the confirm button is off, so that a double click sends once. */
  busy: boolean;
  /** The server's message when the call failed and the dialog stays open. */
  error: string | null;
  onClose(): void;
}

export function DialogError({ error }: { error: string | null }) {
  return error ? (
    <p className="dialog-error" role="alert">
      {error}
    </p>
  ) : null;
}

export function MarkPaidDialog({ order, fmt, busy, error, onClose, onConfirm }: ActionDialogProps & { onConfirm(reference: string): void }) {
  const [reference, setReference] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm(reference.trim());
  };
  return (
    <Dialog open title={`Mark order #${order.orderNumber} as paid?`} onClose={onClose}>
      <form onSubmit={submit}>
        <p>
          Do this once the payment of <strong>{fmt.money(order.amountDueCents)}</strong> has reached you. The order becomes paid, as if paid at checkout:
          downloads and gift cards are issued, memberships open and the customer gets the receipt.
        </p>
        <label>
          Payment reference (optional)
          <input value={reference} maxLength={200} onChange={(e) => setReference(e.target.value)} autoComplete="off" />
        </label>
        <DialogError error={error} />
        <div className="dialog-buttons">
          <button type="submit" disabled={busy}>
            {busy ? 'Marking as paid…' : 'Mark as paid'}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Keep pending
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function CancelDialog({ order, fmt, busy, error, onClose, onConfirm }: ActionDialogProps & { onConfirm(notify: boolean): void }) {
  const [notify, setNotify] = useState(true);
  const paid = order.refundableCents > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm(notify);
  };
  return (
    <Dialog open title={`Cancel order #${order.orderNumber}?`} onClose={onClose}>
      <form onSubmit={submit}>
        <p>Canceling cannot be undone.</p>
        <ul className="consequences">
          <li>Its items go back in stock.</li>
          {order.giftCardCents > 0 && <li>The {fmt.money(order.giftCardCents)} paid by gift card goes back to the card.</li>}
          {order.coupons.length > 0 && <li>Its coupons ({order.coupons.join(', ')}) can be used again.</li>}
          {paid && (
            <li>
              <strong>{fmt.money(order.refundableCents)}</strong> is refunded in full through {providerName(order.paymentProvider)}.
            </li>
          )}
          <li>{notify ? 'The customer is emailed that the order was canceled.' : 'The customer gets no email.'}</li>
        </ul>
        <label className="checkbox">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
          Email the customer
        </label>
        <DialogError error={error} />
        <div className="dialog-buttons">
          <button type="submit" className="button-danger" disabled={busy}>
            {busy ? 'Canceling…' : 'Cancel order'}
          </button>
          <button type="button" className="button-secondary" onClick={onClose} data-autofocus>
            Keep order
          </button>
        </div>
      </form>
    </Dialog>
  );
}
