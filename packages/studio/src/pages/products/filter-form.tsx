// The products list's search, filters and sort: edited here, applied together (Apply, or Enter in any
// field), so that typing a word does not reload the list at each key.
import { type FormEvent, useState } from 'react';
import { NO_FILTERS, type ProductFilters, SORTS, STATUS_FILTERS, STOCK_FILTERS, TYPE_FILTERS, effectiveSort, isFiltered } from './filters.js';

export interface FilterFormProps {
  filters: ProductFilters;
  collections: readonly { urlId: string; title: string }[];
  onFilters(filters: ProductFilters): void;
}

type Choice = readonly (readonly [string, string])[];

function Select({ label, any, value, choices, onChange }: { label: string; any?: string; value: string; choices: Choice; onChange(v: string): void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {any !== undefined && <option value="">{any}</option>}
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterForm({ filters, collections, onFilters }: FilterFormProps) {
  const [draft, setDraft] = useState({ ...filters, sort: effectiveSort(filters) });
  const set = (key: keyof ProductFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters({ ...draft, q: draft.q.trim() });
  };
  // A collection in the address that the site no longer has stays choosable, by its urlId.
  const known = collections.map((c) => [c.urlId, c.title] as const);
  const collectionChoices =
    draft.collection && !known.some(([v]) => v === draft.collection) ? [...known, [draft.collection, draft.collection] as const] : known;
  // The hand order is a collection's own: without one, the list is sorted by something else.
  const sorts = SORTS.filter(([v]) => v !== 'position' || draft.collection);
  const sort = draft.sort === 'position' && !draft.collection ? 'updated' : draft.sort;
  return (
    <form className="orders-filters products-filters" role="search" aria-label="Search products" onSubmit={submit}>
      <div className="filter-search">
        <label htmlFor="products-search">Search</label>
        <input
          id="products-search"
          type="search"
          maxLength={200}
          value={draft.q}
          onChange={(e) => set('q')(e.target.value)}
          aria-describedby="products-search-hint"
        />
        <span id="products-search-hint" className="hint">
          Title, URL slug or SKU
        </span>
      </div>
      <Select label="Collection" any="Every collection" value={draft.collection} choices={collectionChoices} onChange={set('collection')} />
      <Select label="Product type" any="Any type" value={draft.type} choices={TYPE_FILTERS} onChange={set('type')} />
      <Select label="Status" any="Any status" value={draft.status} choices={STATUS_FILTERS} onChange={set('status')} />
      <Select label="Stock" any="Any stock" value={draft.stock} choices={STOCK_FILTERS} onChange={set('stock')} />
      <Select label="Sort" value={sort} choices={sorts} onChange={set('sort')} />
      <div className="filter-buttons">
        <button type="submit">Apply</button>
        {(isFiltered(filters) || filters.collection) && (
          <button type="button" className="button-secondary" onClick={() => onFilters(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
