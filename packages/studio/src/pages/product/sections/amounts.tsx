// A gift card's amounts (its denominations): each is a variant priced at it, named by it.
import { useState } from 'react';
import { formatCents } from '../../../ui/money.js';
import { parseMoney } from '../../store/amounts.js';
import { digitsOf } from '../draft.js';
import { giftCardVariants, skuStem } from '../variants.js';
import { type SectionProps, fieldId } from './props.js';

const PATH = 'item.product.giftCard.denominationsCents';

export function GiftCardAmounts({ draft, set, errors, currency, language }: SectionProps) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const digits = digitsOf(currency);
  const name = (amount: string) => {
    const parsed = parseMoney(amount, digits);
    return parsed.ok ? formatCents(language, parsed.value, currency) : amount;
  };
  const change = (denominations: string[]) =>
    set({ denominations, variants: giftCardVariants(denominations, denominations.map(name), draft.variants, skuStem(draft.variants)) });
  const add = () => {
    const parsed = parseMoney(text, digits);
    if (!parsed.ok || parsed.value === 0) return setMessage(parsed.ok ? 'Enter an amount above zero.' : parsed.message);
    if (draft.denominations.some((d) => parseMoney(d, digits).ok && (parseMoney(d, digits) as { value: number }).value === parsed.value)) {
      return setMessage(`The gift card already has ${formatCents(language, parsed.value, currency)}.`);
    }
    setMessage('');
    setText('');
    change([...draft.denominations, text.trim()]);
  };
  const id = fieldId(PATH);
  const error = message || errors[PATH] || '';
  return (
    <div className="amounts">
      {draft.denominations.length > 0 && (
        <ul className="chip-list" aria-label="Amounts">
          {draft.denominations.map((d, i) => (
            <li key={d} className="chip">
              <span className="chip-name">{name(d)}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove amount ${name(d)}`}
                onClick={() => change(draft.denominations.filter((_, j) => j !== i))}>
                <span aria-hidden="true">×</span>
              </button>
              {errors[`${PATH}[${i}]`] && <span className="field-error">{errors[`${PATH}[${i}]`]}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={id}>Add an amount ({currency})</label>
        <span className="chip-add-row">
          <input
            id={id}
            inputMode="decimal"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="button-secondary" onClick={add}>
            Add amount
          </button>
        </span>
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      </div>
    </div>
  );
}
