// The queue's filters live in the page's address (`/config/reviews?status=pending&rating=1`), so the
// home page's card can open the reviews waiting, and the back button brings the previous filters back.
import type { ReviewStatus } from './calls.js';

export interface ReviewFilters {
  /** '' for every state. */
  readonly status: ReviewStatus | '';
  /** '' or 1 to 5. */
  readonly rating: string;
  readonly q: string;
  /** A product's item id, or ''. */
  readonly item: string;
}

export const STATUS_TABS: readonly (readonly [ReviewStatus | '', string])[] = [
  ['pending', 'Waiting'],
  ['approved', 'Approved'],
  ['hidden', 'Hidden'],
  ['', 'All'],
];

export const NO_FILTERS: ReviewFilters = { status: '', rating: '', q: '', item: '' };

const STATUSES = ['pending', 'approved', 'hidden'];

export function filtersFromSearch(search: string): ReviewFilters {
  const p = new URLSearchParams(search);
  const status = p.get('status') ?? '';
  const rating = p.get('rating') ?? '';
  return {
    status: STATUSES.includes(status) ? (status as ReviewStatus) : '',
    rating: /^[1-5]$/.test(rating) ? rating : '',
    q: (p.get('q') ?? '').trim().slice(0, 200),
    item: (p.get('item') ?? '').trim().slice(0, 64),
  };
}

/** The query string of the filters: for the page's address (`?…`, or '') and, without the `?`, for the API. */
export function queryOf(f: ReviewFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ['status', 'rating', 'q', 'item'] as const) if (f[key]) p.set(key, f[key]);
  return p;
}

export function searchOfFilters(f: ReviewFilters): string {
  const q = queryOf(f).toString();
  return q ? `?${q}` : '';
}

/** Whether a filter besides the state narrows the list. */
export function isNarrowed(f: ReviewFilters): boolean {
  return !!(f.rating || f.q || f.item);
}
