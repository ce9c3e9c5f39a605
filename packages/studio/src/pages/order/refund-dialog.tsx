// Refund part or all of an order: by items (their unit price times the quantity) or by an amount,
// never more than what is left of the payment. The dialog makes one Idempotency-Key when it opens:
// a second click, or a retry after a lost answer, refunds once.
import { type CurrencyCode, decimalStringToMinor, isCurrencyCode } from '@tessera/core/money';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import { providerName } from '../orders/status.js';
import type { RefundBody } from './calls.js';
import { type ActionDialogProps, DialogError } from './confirm-dialogs.js';
import { leftToRefund, refundOfLines, variantText } from './lines.js';

/** A key of 32 hex digits; crypto.randomUUID needs a secure context, which a shop on plain http is not. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The amount typed, in the order's minor units, or null when it is not an amount. */
function amountCents(text: string, currency: string): number | null {
  try {
    return decimalStringToMinor(text, (isCurrencyCode(currency) ? currency : 'USD') as CurrencyCode, 'reject');
  } catch {
    return null;
  }
}

export function RefundDialog({ order, fmt, busy, error, onClose, onConfirm }: ActionDialogProps & { onConfirm(body: RefundBody, key: string): void }) {
  const [key] = useState(newIdempotencyKey);
  const [mode, setMode] = useState<'items' | 'amount'>('items');
  const refundable = order.lines.filter((l) => leftToRefund(l) > 0);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [amountText, setAmountText] = useState('');
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const chosen = Object.fromEntries(refundable.map((l) => [l.id, Number(quantities[l.id] || 0)]));
  const badLine = refundable.find((l) => !Number.isInteger(chosen[l.id]) || chosen[l.id]! < 0 || chosen[l.id]! > leftToRefund(l));
  const parsed = amountCents(amountText, order.currency);
  const amount = mode === 'items' ? (badLine ? 0 : refundOfLines(refundable, chosen)) : (parsed ?? 0);
  const max = order.refundableCents;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'items' && badLine) return setProblem(`Choose a quantity of ${badLine.title} between 0 and ${leftToRefund(badLine)}.`);
    if (mode === 'amount' && parsed === null) return setProblem(`Enter the amount to refund, such as ${fmt.money(Math.min(max, 1250))}.`);
    if (amount <= 0) return setProblem(mode === 'items' ? 'Choose at least one item to refund.' : 'Enter an amount above zero.');
    if (amount > max) return setProblem(`At most ${fmt.money(max)} can be refunded.`);
    setProblem(null);
    const body: RefundBody =
      mode === 'items'
        ? { lines: refundable.filter((l) => chosen[l.id]! > 0).map((l) => ({ lineId: l.id, quantity: chosen[l.id]! })), restock }
        : { amountCents: amount };
    if (reason.trim()) body.reason = reason.trim();
    onConfirm(body, key);
  };

  return (
    <Dialog open title={`Refund order #${order.orderNumber}`} onClose={onClose} className="dialog-wide">
      <form onSubmit={submit} noValidate>
        <fieldset className="choice">
          <legend>Refund by</legend>
          <label className="checkbox">
            <input type="radio" name="refund-mode" checked={mode === 'items'} onChange={() => setMode('items')} />
            Items
          </label>
          <label className="checkbox">
            <input type="radio" name="refund-mode" checked={mode === 'amount'} onChange={() => setMode('amount')} />
            Amount
          </label>
        </fieldset>
        {mode === 'items' ? (
          <fieldset>
            <legend>Items to refund</legend>
            <ul className="dialog-lines">
              {refundable.map((l) => {
                const id = `refund-${l.id}`;
                const variant = variantText(l);
                return (
                  <li key={l.id}>
                    <label htmlFor={id}>
                      {l.title}
                      {variant && <span className="line-variant"> {variant}</span>}
                      <span className="muted"> {fmt.money(l.unitPriceCents)} each</span>
                    </label>
                    <span className="quantity-field">
                      <input
                        id={id}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={leftToRefund(l)}
                        step={1}
                        value={quantities[l.id] ?? '0'}
                        onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value }))}
                      />
                      <span className="muted">of {leftToRefund(l)}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
            <label className="checkbox">
              <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
              Put the refunded items back in stock
            </label>
          </fieldset>
        ) : (
          <label>
            Amount ({order.currency})
            <input inputMode="decimal" autoComplete="off" value={amountText} onChange={(e) => setAmountText(e.target.value)} />
          </label>
        )}
        <label>
          Reason (optional, for staff)
          <textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <div className="refund-sum">
          <p>
            To refund: <strong>{fmt.money(amount)}</strong> through {providerName(order.paymentProvider)}
          </p>
          <p className="muted">At most {fmt.money(max)} can be refunded.</p>
        </div>
        <DialogError error={problem ?? error} />
        <div className="dialog-buttons">
          <button type="submit" className="button-danger" disabled={busy}>
            {busy ? 'Refunding…' : `Refund ${fmt.money(amount)}`}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Dialog>
  );
}
