// The add-to-cart button, drawn from props only (STYLE.md "Page and View"): the engine's classes,
// so the theme's styles apply, with a real <button>, the state's text, a polite announcement,
// the View Cart link after an add, and the error dialog.
import { ADD_TO_CART_BUTTON } from '@tessera/core/markup';
import { STOREFRONT_TEXTS } from '@tessera/core/cart';
import { CART_URL } from '@tessera/core/constants';
import type { ReactNode } from 'react';
import { LazyDialog as Dialog } from '../../ui/LazyDialog.js';

export type ButtonPhase = 'idle' | 'adding' | 'added' | 'error';

export interface AddToCartViewProps {
  readonly phase: ButtonPhase;
  /** The idle label: Add to Cart, Subscribe, Purchase or the custom label. */
  readonly label: string;
  /** `addToCartAddingText`, `addToCartAddedText`, `viewCartText` in the page's language, when it has them. */
  readonly strings?: Readonly<Record<string, string>>;
  /** The engine button's classes, kept for the theme. */
  readonly className: string;
  readonly showViewCart: boolean;
  readonly error: { readonly title: string; readonly message: string } | null;
  readonly onClick: () => void;
  readonly onCloseError: () => void;
  /** The additional-fields lightbox, when open. */
  readonly lightbox?: ReactNode;
}

const PHASE_CLASS: Record<ButtonPhase, string> = { idle: '', adding: 'cart-adding', added: 'cart-added', error: 'cart-error' };

export function AddToCartView({ phase, label, strings = {}, className, showViewCart, error, onClick, onCloseError, lightbox }: AddToCartViewProps) {
  const text =
    phase === 'adding'
      ? strings.addToCartAddingText || STOREFRONT_TEXTS.adding
      : phase === 'added'
        ? strings.addToCartAddedText || STOREFRONT_TEXTS.added
        : label;
  const busy = phase !== 'idle';
  return (
    <>
      <button type="button" className={`${className} ${PHASE_CLASS[phase]}`.trim()} aria-disabled={busy || undefined} onClick={onClick}>
        <span className={ADD_TO_CART_BUTTON.innerClass}>{text}</span>
      </button>
      <p className="add-to-cart-status visually-hidden" role="status" aria-live="polite">
        {busy && phase !== 'error' ? text : ''}
      </p>
      {showViewCart && (
        <a className="add-to-cart-view-cart text-link" href={CART_URL}>
          {strings.viewCartText || STOREFRONT_TEXTS.viewCart}
        </a>
      )}
      {error && (
        <Dialog title={error.title} role="alertdialog" onClose={onCloseError} className="tessera-dialog--alert">
          <p>{error.message}</p>
        </Dialog>
      )}
      {lightbox}
    </>
  );
}
