// "New product": the collection it goes in and its type are chosen first, since the type decides the
// editor's fields; a full collection (the spec's 200 products) is shown as such and cannot be chosen.
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import { PRODUCT_TYPES } from './types.js';

export interface NewProductDialogProps {
  collections: readonly { urlId: string; title: string; count: number; limit: number }[];
  /** The collection the list shows, chosen first when there is one. */
  collection: string;
  onClose(): void;
}

function newProductUrl(collection: string, type: string): string {
  return `/config/products/new?${new URLSearchParams({ collection, type })}`;
}

export function NewProductDialog({ collections, collection, onClose }: NewProductDialogProps) {
  const open = collections.filter((c) => c.count < c.limit);
  const [chosen, setChosen] = useState(open.some((c) => c.urlId === collection) ? collection : (open[0]?.urlId ?? ''));
  const [type, setType] = useState('1');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) location.assign(newProductUrl(chosen, type));
  };
  return (
    <Dialog open title="New product" onClose={onClose}>
      <form onSubmit={submit}>
        {collections.length === 0 ? (
          <p>The site has no products collection yet: add one to the site first.</p>
        ) : (
          <label>
            Collection
            <select value={chosen} onChange={(e) => setChosen(e.target.value)} required>
              {collections.map((c) => (
                <option key={c.urlId} value={c.urlId} disabled={c.count >= c.limit}>
                  {c.count >= c.limit ? `${c.title} (full: ${c.limit} products)` : c.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset className="choice">
          <legend>Product type</legend>
          {PRODUCT_TYPES.map(([value, text]) => (
            <label key={value} className="checkbox">
              <input type="radio" name="product-type" value={value} checked={type === String(value)} onChange={() => setType(String(value))} />
              {text}
            </label>
          ))}
        </fieldset>
        <div className="dialog-buttons">
          <button type="submit" disabled={!chosen}>
            Create
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
