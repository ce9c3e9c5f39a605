// What a studio list draws around its rows, the same on the comments, reviews and mailing list pages:
// the live region that says what is shown (and takes the focus when an action removed what had it),
// the empty state, and the confirmation a removal asks.
import { type ReactNode, useRef } from 'react';
import { formatCount } from '../format.js';
import { Dialog } from './dialog.js';
import { useFocusWhenLost } from './keep-focus.js';

/** "Showing 2 waiting reviews matching the filters, more to load." */
export function showing(language: string, count: number, [one, many]: readonly [string, string], narrowed: boolean, more: boolean): string {
  return `Showing ${formatCount(language, count)} ${count === 1 ? one : many}${narrowed ? ' matching the filters' : ''}${more ? ', more to load' : ''}.`;
}

/** The page's live region: the latest action's result, else what the list shows. */
export function ListStatus({ message, listed }: { message: string; listed: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusWhenLost(ref, message);
  return (
    <div className="status" role="status" aria-live="polite" tabIndex={-1} ref={ref}>
      {message || listed}
    </div>
  );
}

/** An empty list: its title, then what fills it (a sentence) or a way out (Clear filters). */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}

export interface ConfirmDialogProps<T> {
  /** What the dialog asks about; null: closed. */
  asking: T | null;
  title: string;
  /** The danger button's words ("Delete review"). */
  confirm: string;
  /** What the removal does, in the page's words. */
  text(item: T): ReactNode;
  busy(item: T): boolean;
  /** Removes the item; true when it is gone, and the dialog closes. */
  onConfirm(item: T): Promise<boolean>;
  onClose(): void;
}

/** Asks before a removal that cannot be undone; "Keep it" has the focus, so Enter alone removes nothing. */
export function ConfirmDialog<T>({ asking, title, confirm, text, busy, onConfirm, onClose }: ConfirmDialogProps<T>) {
  return (
    <Dialog open={asking !== null} title={title} onClose={onClose}>
      {asking !== null && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void onConfirm(asking).then((done) => done && onClose());
          }}>
          <p>{text(asking)}</p>
          <div className="dialog-buttons">
            <button type="submit" className="button-danger" disabled={busy(asking)}>
              {confirm}
            </button>
            <button type="button" className="button-secondary" data-autofocus onClick={onClose}>
              Keep it
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
