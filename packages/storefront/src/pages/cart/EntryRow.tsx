// One cart entry, drawn from props only: image, title, variant, the additional-fields summary,
// the quantity (typed, or one less / one more), remove and edit, and the row's error.
import { fillText } from '@tessera/core/cart';
import { QUANTITY_INPUT } from '@tessera/core/constants';
import { srcsetFromVariants } from '@tessera/core/image';
import { useEffect, useState } from 'react';
import type { CartEntry } from '../../api/types.js';
import { useCartWords } from '../words.js';
import type { AnswerLine } from '../../islands/additional-fields/answers.js';

export interface RowError {
  /** The spec's cart string: Unable to update quantity, Unable to remove item, ... */
  readonly title: string;
  readonly message: string;
}

export interface EntryRowProps {
  readonly entry: CartEntry;
  readonly format: (cents: number) => string;
  readonly answers: readonly AnswerLine[];
  readonly hasForm: boolean;
  readonly error: RowError | null;
  readonly busy: boolean;
  readonly onQuantity: (text: string) => void;
  readonly onRemove: () => void;
  readonly onEdit: () => void;
  /** The row's remove button, for the focus after a removal elsewhere. */
  readonly focusRef?: (el: HTMLButtonElement | null) => void;
}

const variantText = (entry: CartEntry) =>
  (entry.chosenVariant.optionValues ?? Object.entries(entry.chosenVariant.attributes).map(([optionName, value]) => ({ optionName, value })))
    .map((o) => `${o.optionName}: ${o.value}`)
    .join(', ');

export function EntryRow({ entry, format, answers, hasForm, error, busy, onQuantity, onRemove, onEdit, focusRef }: EntryRowProps) {
  const { T, page } = useCartWords();
  const [draft, setDraft] = useState(String(entry.quantity));
  // The server's quantity wins whenever it answers.
  useEffect(() => setDraft(String(entry.quantity)), [entry.quantity]);
  const commit = () => {
    if (draft !== String(entry.quantity)) onQuantity(draft);
  };
  const title = entry.title;
  const variant = variantText(entry);
  const errorId = `cart-entry-${entry.id}-error`;
  return (
    <li className="cart-entry cart-entry--live" data-entry-id={entry.id}>
      {entry.image ? (
        // sizes before srcset before src: the browser picks a width as soon as src is set, from what it knows then.
        <img
          className="cart-entry__image"
          sizes="80px"
          srcSet={srcsetFromVariants(entry.image.assetUrl, entry.image.systemDataVariants) || undefined}
          src={entry.image.assetUrl}
          alt=""
          width={96}
          height={96}
        />
      ) : (
        <span className="cart-entry__image cart-entry__image--none" aria-hidden="true" />
      )}
      <div className="cart-entry__text">
        <p className="cart-entry__title">{entry.fullUrl ? <a href={entry.fullUrl}>{title}</a> : title}</p>
        {variant && <p className="cart-entry__variant">{variant}</p>}
        {answers.length > 0 && (
          <dl className="cart-entry__fields">
            {answers.map((line) => (
              <div key={line.label}>
                <dt>{line.label}</dt>
                <dd>{line.text}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="cart-entry__controls">
          <div className="quantity-stepper" role="group" aria-label={T.quantity}>
            <button
              type="button"
              className="quantity-stepper__button"
              aria-label={fillText(T.decrease, { title })}
              disabled={busy || entry.quantity <= QUANTITY_INPUT.min}
              onClick={() => onQuantity(String(entry.quantity - 1))}>
              −
            </button>
            <input
              className="quantity-stepper__input"
              type="number"
              inputMode="numeric"
              min={QUANTITY_INPUT.min}
              max={QUANTITY_INPUT.max}
              step={QUANTITY_INPUT.step}
              value={draft}
              aria-label={fillText(T.quantityOf, { title })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commit();
                }
              }}
            />
            <button
              type="button"
              className="quantity-stepper__button"
              aria-label={fillText(T.increase, { title })}
              disabled={busy || entry.quantity >= QUANTITY_INPUT.max}
              onClick={() => onQuantity(String(entry.quantity + 1))}>
              +
            </button>
          </div>
          {hasForm && (
            <button type="button" className="text-button" aria-label={fillText(T.editFormOf, { title })} onClick={onEdit}>
              {page.editForm}
            </button>
          )}
          <button type="button" ref={focusRef} className="text-button" aria-label={fillText(T.removeItem, { title })} onClick={onRemove}>
            {T.remove}
          </button>
        </div>
        {error && (
          <p className="cart-entry__error" id={errorId} role="alert">
            <strong>{error.title}</strong> {error.message}
          </p>
        )}
      </div>
      <p className="cart-entry__price">{format(entry.subTotalCents)}</p>
    </li>
  );
}
