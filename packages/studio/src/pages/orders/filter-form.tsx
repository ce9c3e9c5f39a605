// The orders list's search and filters: edited here, applied together (Apply, or Enter in any
// field), so that typing a date or a word does not reload the list at each key.
import { type FormEvent, useState } from 'react';
import { FULFILLMENT_FILTERS, type OrderFilters, PAYMENT_FILTERS, SORTS, isFiltered } from './filters.js';

export interface FilterFormProps {
  filters: OrderFilters;
  products: readonly { id: string; title: string }[];
  onFilters(filters: OrderFilters): void;
  onClear(): void;
}

export function FilterForm({ filters, products, onFilters, onClear }: FilterFormProps) {
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof OrderFilters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters({ ...draft, q: draft.q.trim(), product: draft.product.trim() });
  };
  // A product in the address that the site no longer lists stays choosable, by its id.
  const choices =
    draft.product && !products.some((p) => p.id === draft.product) ? [...products, { id: draft.product, title: `Item ${draft.product}` }] : products;
  return (
    <form className="orders-filters" role="search" aria-label="Search orders" onSubmit={submit}>
      <div className="filter-search">
        <label htmlFor="orders-search">Search</label>
        <input id="orders-search" type="search" value={draft.q} onChange={set('q')} aria-describedby="orders-search-hint" />
        <span id="orders-search-hint" className="hint">
          Order number, email, name or SKU
        </span>
      </div>
      <label>
        Payment
        <select value={draft.payment} onChange={set('payment')}>
          <option value="">Any payment</option>
          {PAYMENT_FILTERS.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <label>
        Fulfilment
        <select value={draft.fulfillment} onChange={set('fulfillment')}>
          <option value="">Any fulfilment</option>
          {FULFILLMENT_FILTERS.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <label>
        Product
        <select value={draft.product} onChange={set('product')}>
          <option value="">Any product</option>
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Placed from
        <input type="date" value={draft.from} max={draft.to || undefined} onChange={set('from')} />
      </label>
      <label>
        Placed to
        <input type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} />
      </label>
      <label>
        Sort
        <select value={draft.sort} onChange={set('sort')}>
          {SORTS.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <div className="filter-buttons">
        <button type="submit">Apply</button>
        {isFiltered(filters) && (
          <button type="button" className="button-secondary" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
