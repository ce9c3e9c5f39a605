// The modal every island uses: the add-to-cart error dialog, the installment information dialog
// and the additional-fields lightbox. While it is open the page does not scroll and focus stays
// inside; its close button, the Escape key and a click outside close it (storefront.md section 2),
// and focus goes back where it was. Content taller than the window gets a 50 px margin and the
// overlay scrolls.
import { LIGHTBOX_MARGIN_PX } from '@tessera/core/constants';
import { STOREFRONT_TEXTS } from '@tessera/core/cart';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { containFocus, focusableIn } from './focus-containment.js';
import { lockScroll } from './scroll-lock.js';

export interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** `alertdialog` for errors: screen readers read the message at once. */
  readonly role?: 'dialog' | 'alertdialog';
  /** Extra class on the panel (`tessera-dialog--lightbox`, ...). */
  readonly className?: string;
  /** Buttons under the content; a plain close button when left out. */
  readonly actions?: ReactNode;
  /** Hide the title visually (it still names the dialog). */
  readonly hideTitle?: boolean;
}

export function Dialog({ title, onClose, children, role = 'dialog', className, actions, hideTitle }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [tall, setTall] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const unlock = lockScroll();
    const containment = containFocus({ container: panel.current! });
    const first = focusableIn(panel.current!).find((el) => !el.classList.contains('tessera-dialog__close')) ?? focusableIn(panel.current!)[0];
    (first ?? panel.current!).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      containment.release();
      unlock();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  // The margin rule: measured, because it depends on the content and the window together.
  useLayoutEffect(() => {
    const measure = () => setTall((panel.current?.scrollHeight ?? 0) > window.innerHeight - 2 * LIGHTBOX_MARGIN_PX);
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(panel.current!);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop closes the dialog; the keyboard closes it with Escape or its button
    <div
      ref={overlay}
      className={`tessera-overlay${tall ? ' tessera-overlay--tall' : ''}`}
      onMouseDown={(e) => {
        // A press that starts on the overlay itself (not on the panel) is a click outside.
        if (e.target === overlay.current) close.current();
      }}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both of which take aria-modal */}
      <div
        ref={panel}
        className={`tessera-dialog${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={role === 'alertdialog' ? bodyId : undefined}
        tabIndex={-1}
        style={tall ? { marginTop: LIGHTBOX_MARGIN_PX, marginBottom: LIGHTBOX_MARGIN_PX } : undefined}>
        <button type="button" className="tessera-dialog__close" aria-label={STOREFRONT_TEXTS.close} onClick={() => close.current()}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={titleId} className={`tessera-dialog__title${hideTitle ? ' visually-hidden' : ''}`}>
          {title}
        </h2>
        <div id={bodyId} className="tessera-dialog__body">
          {children}
        </div>
        {actions !== null && (
          <div className="tessera-dialog__actions">
            {actions ?? (
              <button type="button" className="button" onClick={() => close.current()}>
                {STOREFRONT_TEXTS.ok}
              </button>
            )}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
