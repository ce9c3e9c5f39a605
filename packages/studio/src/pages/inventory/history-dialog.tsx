// A variant's stock history in a dialog: each change, newest first, with its reason, who made it,
// the stock it left and its order. Props only: the page loads the pages of the history.
import { formatCount, formatTime } from '../../format.js';
import { Dialog } from '../../ui/dialog.js';
import { REASON_LABELS } from './adjust-dialog.js';
import type { Adjustment, InventoryVariant } from './calls.js';

export type HistoryState =
  | { status: 'loading' }
  | { status: 'ready'; adjustments: Adjustment[]; nextCursor: string | null; loadingMore: boolean }
  | { status: 'error'; message: string };

export interface HistoryDialogProps {
  readonly variant: InventoryVariant;
  readonly language: string;
  readonly timeZone?: string;
  readonly state: HistoryState;
  onMore(cursor: string): void;
  onClose(): void;
}

const signed = (language: string, n: number) => (n > 0 ? `+${formatCount(language, n)}` : `−${formatCount(language, -n)}`);

export function HistoryDialog({ variant, language, timeZone, state, onMore, onClose }: HistoryDialogProps) {
  return (
    <Dialog open title={`Stock history: ${variant.productTitle}`} onClose={onClose} className="dialog-wide">
      <p className="muted">
        {variant.variantText ? `${variant.variantText} · ` : ''}SKU {variant.sku}
      </p>
      <div className="status" role="status" aria-live="polite">
        {state.status === 'loading' ? 'Loading the history…' : state.status === 'ready' && state.loadingMore ? 'Loading more…' : ''}
      </div>
      {state.status === 'error' && (
        <p className="dialog-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && state.adjustments.length === 0 && <p className="empty">No change of this variant's stock has been recorded yet.</p>}
      {state.status === 'ready' && state.adjustments.length > 0 && (
        <ol className="history-list" aria-label="Stock changes, newest first">
          {state.adjustments.map((a) => (
            <li key={a.id}>
              <span className={`history-delta ${a.delta > 0 ? 'history-up' : 'history-down'}`}>{signed(language, a.delta)}</span>
              <span className="history-what">
                <span>
                  <strong>{REASON_LABELS[a.reason] ?? a.reason}</strong> · stock {formatCount(language, a.stockAfter)} · {a.by.label}
                  {a.order && (
                    <>
                      {' · '}
                      <a href={a.order.url}>{a.order.orderNumber ? `Order #${a.order.orderNumber}` : 'Order'}</a>
                    </>
                  )}
                </span>
                {a.note && <span className="history-note">{a.note}</span>}
              </span>
              <time className="muted" dateTime={new Date(a.created).toISOString()}>
                {formatTime(language, a.created, timeZone)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <div className="dialog-buttons">
        {state.status === 'ready' && state.nextCursor && (
          <button type="button" className="button-secondary" disabled={state.loadingMore} onClick={() => state.nextCursor && onMore(state.nextCursor)}>
            Show older changes
          </button>
        )}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
