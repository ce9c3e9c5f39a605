// A modal dialog on the native <dialog> element: shown with showModal (the page behind is inert),
// labelled by its heading, focus moved to its first field (or the element marked data-autofocus) and
// given back to what had it when it closes; Escape closes it (the browser's cancel event).
import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  readonly open: boolean;
  readonly title: string;
  onClose(): void;
  readonly children: ReactNode;
  readonly className?: string;
}

const FOCUSABLE = '[data-autofocus], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

export function Dialog({ open, title, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const before = document.activeElement as HTMLElement | null;
    // A browser without showModal (and jsdom) still gets an open dialog, only not modal.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      before?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the page decides (it unmounts the dialog), so that focus goes back the same way as on Close.
        event.preventDefault();
        close.current();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && typeof ref.current?.showModal !== 'function') close.current();
      }}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
