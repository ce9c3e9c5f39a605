// The Adjust dialog: a reason, a quantity (or the count), a note, and the stock the change will
// leave, shown before the owner confirms. Props only: the page sends the adjustment.
import { type FormEvent, useId, useState } from 'react';
import { formatCount } from '../../format.js';
import { Dialog } from '../../ui/dialog.js';
import type { AdjustBody, InventoryVariant, Reason } from './calls.js';

export const REASON_LABELS: Record<string, string> = {
  received: 'Received',
  damaged: 'Damaged or lost',
  counted: 'Counted',
  correction: 'Correction',
  sold: 'Sold',
  restored: 'Restored',
  created: 'Created',
  imported: 'Imported',
};

const QUANTITY_LABELS: Record<Reason, string> = {
  received: 'Pieces received',
  damaged: 'Pieces damaged or lost',
  counted: 'Pieces counted',
  correction: 'Change (negative to take away)',
};

export interface AdjustDialogProps {
  readonly variant: InventoryVariant;
  readonly language: string;
  readonly busy: boolean;
  /** The server's refusal: its message, and the messages of its fields. */
  readonly error: { message: string; fields: Record<string, string> } | null;
  onSubmit(body: AdjustBody): void;
  onClose(): void;
}

/** What the form's quantity means for the reason: the change it makes, or null when it is not a valid one. */
export function changeOf(reason: Reason, text: string, stock: number): { body: AdjustBody; after: number } | null {
  if (!/^-?\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  if (!Number.isSafeInteger(n)) return null;
  if (reason === 'counted') return n >= 0 ? { body: { reason, count: n }, after: n } : null;
  if (reason === 'received') return n > 0 ? { body: { reason, delta: n }, after: stock + n } : null;
  if (reason === 'damaged') return n > 0 ? { body: { reason, delta: -n }, after: stock - n } : null;
  return n !== 0 ? { body: { reason, delta: n }, after: stock + n } : null;
}

export function AdjustDialog({ variant, language, busy, error, onSubmit, onClose }: AdjustDialogProps) {
  const [reason, setReason] = useState<Reason>('received');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const ids = useId();
  const stock = variant.stock ?? 0;
  const change = changeOf(reason, quantity, stock);
  const count = (n: number) => formatCount(language, n);
  const quantityError = error?.fields.delta ?? error?.fields.count;
  const preview =
    quantity.trim() === ''
      ? `In stock now: ${count(stock)}.`
      : !change
        ? reason === 'correction'
          ? 'Enter a whole number other than 0.'
          : reason === 'counted'
            ? 'Enter a whole number, 0 or more.'
            : 'Enter a whole number of at least 1.'
        : change.after < 0
          ? `Only ${count(stock)} in stock: this change would leave less than 0.`
          : `Stock after: ${count(change.after)} (now ${count(stock)}).`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!change || change.after < 0 || busy) return;
    onSubmit({ ...change.body, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <Dialog open title={`Adjust stock: ${variant.productTitle}`} onClose={onClose}>
      <p className="muted">
        {variant.variantText ? `${variant.variantText} · ` : ''}SKU {variant.sku}
      </p>
      <form onSubmit={submit} noValidate>
        <div className="dialog-fields">
          <label>
            Reason
            <select className="select" value={reason} onChange={(e) => setReason(e.target.value as Reason)}>
              {(['received', 'damaged', 'counted', 'correction'] as const).map((r) => (
                <option key={r} value={r}>
                  {REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {QUANTITY_LABELS[reason]}
            <input
              inputMode="numeric"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              aria-invalid={quantityError ? true : undefined}
              aria-describedby={`${ids}-preview${quantityError ? ` ${ids}-error` : ''}`}
              data-autofocus
            />
          </label>
          <label className="field-wide">
            Note (optional)
            <input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} placeholder="Delivery 42, broken in transit…" />
          </label>
        </div>
        <p id={`${ids}-preview`} className="adjust-preview" aria-live="polite">
          {preview}
        </p>
        {error && (
          <p id={`${ids}-error`} className="dialog-error" role="alert">
            {quantityError ?? error.fields.note ?? error.fields.reason ?? error.message}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="submit" disabled={busy || !change || change.after < 0}>
            {busy ? 'Saving…' : 'Save adjustment'}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
