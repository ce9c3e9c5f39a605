// The products list's filters live in the page's address (`/config/products?type=1&stock=low`), so a
// filtered list can be shared and the back button brings the previous filters back.
import { PRODUCT_TYPES, STATUSES } from './types.js';

export interface ProductFilters {
  readonly q: string;
  /** A product type, 1 to 5, as text; '' for any. */
  readonly type: string;
  readonly status: string;
  readonly stock: string;
  /** A collection's urlId. */
  readonly collection: string;
  /** '' for the default: the hand order within a collection, the latest saved first otherwise. */
  readonly sort: string;
}

export const TYPE_FILTERS = PRODUCT_TYPES.map(([value, text]) => [String(value), text] as const);
export const STATUS_FILTERS = STATUSES;
export const STOCK_FILTERS = [
  ['in', 'In stock'],
  ['low', 'Low stock'],
  ['out', 'Sold out'],
  ['unlimited', 'Unlimited'],
] as const;
export const SORTS = [
  ['position', 'Hand order'],
  ['updated', 'Last saved'],
  ['title', 'Title, A to Z'],
  ['-title', 'Title, Z to A'],
  ['price', 'Price, low to high'],
  ['-price', 'Price, high to low'],
  ['stock', 'Stock, least first'],
] as const;

export const NO_FILTERS: ProductFilters = { q: '', type: '', status: '', stock: '', collection: '', sort: '' };

const oneOf = (value: string | null, choices: readonly (readonly [string, string])[]) => (choices.some(([v]) => v === value) ? value! : '');

/** The filters of a page address's query string; anything unknown is left out. */
export function filtersFromSearch(search: string): ProductFilters {
  const p = new URLSearchParams(search);
  return {
    q: (p.get('q') ?? '').trim().slice(0, 200),
    type: oneOf(p.get('type'), TYPE_FILTERS),
    status: oneOf(p.get('status'), STATUS_FILTERS),
    stock: oneOf(p.get('stock'), STOCK_FILTERS),
    collection: (p.get('collection') ?? '').trim(),
    sort: oneOf(p.get('sort'), SORTS),
  };
}

const KEYS = ['q', 'type', 'status', 'stock', 'collection', 'sort'] as const;

/** The page address's query string of the filters (`?…`, or '' for none), empty fields left out. */
export function searchOfFilters(f: ProductFilters): string {
  const p = new URLSearchParams();
  for (const key of KEYS) if (f[key]) p.set(key, f[key]);
  const q = p.toString();
  return q ? `?${q}` : '';
}

/** The sort the list is in: the one chosen, else the API's default for these filters. */
export function effectiveSort(f: ProductFilters): string {
  if (f.sort === 'position' && !f.collection) return 'updated';
  return f.sort || (f.collection ? 'position' : 'updated');
}

/** The API's query of the filters (docs/owner-api.md `GET /api/owner/products`). */
export function apiQuery(f: ProductFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ['q', 'type', 'status', 'stock', 'collection'] as const) if (f[key]) p.set(key, f[key]);
  p.set('sort', effectiveSort(f));
  return p;
}

/** Whether any filter narrows the list (the collection and the sort do not: they choose a list). */
export function isFiltered(f: ProductFilters): boolean {
  return !!(f.q || f.type || f.status || f.stock);
}

/**
 * Products can be put in order by hand only when the list is one whole collection in its hand order:
 * the order saved names every product of the collection.
 */
export function canReorder(f: ProductFilters): boolean {
  return !!f.collection && effectiveSort(f) === 'position' && !isFiltered(f);
}
