// Fulfil some or all of an order's items: a quantity per line (what is left, by default), the carrier
// and tracking, and whether the customer gets the shipped email with the tracking link.
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import type { FulfillBody } from './calls.js';
import { type ActionDialogProps, DialogError } from './confirm-dialogs.js';
import { leftToFulfil, variantText } from './lines.js';

const WEB_ADDRESS = /^https?:\/\/\S+$/i;

export function FulfilDialog({ order, busy, error, onClose, onConfirm }: ActionDialogProps & { onConfirm(body: FulfillBody): void }) {
  const open = order.lines.filter((l) => leftToFulfil(l) > 0);
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(open.map((l) => [l.id, String(leftToFulfil(l))])));
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [notify, setNotify] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const chosen = open.map((l) => ({ line: l, text: quantities[l.id] ?? '0', n: Number(quantities[l.id] ?? 0) }));
  const badLine = chosen.find((c) => !/^\d+$/.test(c.text.trim()) || c.n > leftToFulfil(c.line));
  const total = chosen.reduce((sum, c) => sum + (Number.isInteger(c.n) ? c.n : 0), 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (badLine) return setProblem(`Choose a quantity of ${badLine.line.title} between 0 and ${leftToFulfil(badLine.line)}.`);
    if (total === 0) return setProblem('Choose at least one item to fulfil.');
    if (trackingUrl.trim() && !WEB_ADDRESS.test(trackingUrl.trim())) return setProblem('Enter the tracking link as a web address, starting with https://.');
    setProblem(null);
    onConfirm({
      lines: chosen.filter((c) => c.n > 0).map((c) => ({ lineId: c.line.id, quantity: c.n })),
      ...(carrier.trim() && { carrier: carrier.trim() }),
      ...(trackingNumber.trim() && { trackingNumber: trackingNumber.trim() }),
      ...(trackingUrl.trim() && { trackingUrl: trackingUrl.trim() }),
      notify,
    });
  };

  return (
    <Dialog open title={`Fulfil order #${order.orderNumber}`} onClose={onClose} className="dialog-wide">
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>Items to fulfil</legend>
          <ul className="dialog-lines">
            {open.map((l) => {
              const id = `fulfil-${l.id}`;
              const variant = variantText(l);
              return (
                <li key={l.id}>
                  <label htmlFor={id}>
                    {l.title}
                    {variant && <span className="line-variant"> {variant}</span>}
                  </label>
                  <span className="quantity-field">
                    <input
                      id={id}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={leftToFulfil(l)}
                      step={1}
                      value={quantities[l.id] ?? ''}
                      onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value }))}
                    />
                    <span className="muted">of {leftToFulfil(l)}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="dialog-fields">
          <label>
            Carrier
            <input value={carrier} maxLength={100} autoComplete="off" onChange={(e) => setCarrier(e.target.value)} />
          </label>
          <label>
            Tracking number
            <input value={trackingNumber} maxLength={200} autoComplete="off" onChange={(e) => setTrackingNumber(e.target.value)} />
          </label>
          <label className="field-wide">
            Tracking link
            <input type="url" value={trackingUrl} maxLength={2000} placeholder="https://" onChange={(e) => setTrackingUrl(e.target.value)} />
          </label>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
          Email the customer that the items are on their way{trackingUrl.trim() ? ', with the tracking link' : ''}
        </label>
        <DialogError error={problem ?? error} />
        <div className="dialog-buttons">
          <button type="submit" disabled={busy}>
            {busy ? 'Fulfilling…' : `Fulfil ${total} ${total === 1 ? 'item' : 'items'}`}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Dialog>
  );
}
