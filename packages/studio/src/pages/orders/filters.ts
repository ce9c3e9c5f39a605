// The orders list's filters live in the page's address (`/config/orders?payment=pending&from=2026-11-01`),
// so a filtered list can be shared and the back button brings the previous filters back. Days are
// written as the owner picked them and become instants in the site's time zone only for the API.
import { zoneOffset } from '@tessera/core/zone';
import { addDays } from '../../format.js';

export interface OrderFilters {
  readonly q: string;
  readonly payment: string;
  readonly fulfillment: string;
  /** `YYYY-MM-DD`, placed on or after that day. */
  readonly from: string;
  /** `YYYY-MM-DD`, placed on or before that day. */
  readonly to: string;
  /** An item id. */
  readonly product: string;
  readonly sort: string;
}

export const PAYMENT_FILTERS = [
  ['pending', 'Payment pending'],
  ['processing', 'Processing'],
  ['paid', 'Paid'],
  ['partially_refunded', 'Partially refunded'],
  ['refunded', 'Refunded'],
  ['declined', 'Declined'],
  ['canceled', 'Canceled'],
] as const;

export const FULFILLMENT_FILTERS = [
  ['unfulfilled', 'Unfulfilled'],
  ['partially_fulfilled', 'Partially fulfilled'],
  ['fulfilled', 'Fulfilled'],
  ['canceled', 'Canceled'],
] as const;

export const SORTS = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['total_desc', 'Highest total'],
  ['total_asc', 'Lowest total'],
  ['number_desc', 'Order number, high to low'],
  ['number_asc', 'Order number, low to high'],
] as const;

const DEFAULT_SORT = 'newest';
export const NO_FILTERS: OrderFilters = { q: '', payment: '', fulfillment: '', from: '', to: '', product: '', sort: DEFAULT_SORT };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = (value: string | null, choices: readonly (readonly [string, string])[]) => (choices.some(([v]) => v === value) ? value! : '');

/** The filters of a page address's query string; anything unknown is left out. */
export function filtersFromSearch(search: string): OrderFilters {
  const p = new URLSearchParams(search);
  const day = (name: string) => (DAY.test(p.get(name) ?? '') ? p.get(name)! : '');
  return {
    q: (p.get('q') ?? '').trim(),
    payment: oneOf(p.get('payment'), PAYMENT_FILTERS),
    fulfillment: oneOf(p.get('fulfillment'), FULFILLMENT_FILTERS),
    from: day('from'),
    to: day('to'),
    product: (p.get('product') ?? '').trim(),
    sort: oneOf(p.get('sort'), SORTS) || DEFAULT_SORT,
  };
}

/** The page address's query string of the filters (`?…`, or '' for none): empty fields and the default sort left out. */
export function searchOfFilters(f: OrderFilters): string {
  const p = new URLSearchParams();
  for (const key of ['q', 'payment', 'fulfillment', 'from', 'to', 'product'] as const) if (f[key]) p.set(key, f[key]);
  if (f.sort !== DEFAULT_SORT) p.set('sort', f.sort);
  const q = p.toString();
  return q ? `?${q}` : '';
}

/** Whether any filter narrows the list (the sort does not). */
export function isFiltered(f: OrderFilters): boolean {
  return !!(f.q || f.payment || f.fulfillment || f.from || f.to || f.product);
}

/** The instant a `YYYY-MM-DD` day starts in the time zone (UTC for a zone Intl does not know). */
export function dayStart(day: string, timeZone = 'UTC'): number {
  const local = Date.parse(`${day}T00:00:00Z`);
  // The offset at the local midnight read as UTC, then again at the instant found: right across a change of offset.
  const first = local - (zoneOffset(timeZone, local) ?? 0);
  return local - (zoneOffset(timeZone, first) ?? 0);
}

/** The API's query of the filters (docs/owner-api.md): days become instants in the site's time zone, `to` the end of its day. */
export function apiQuery(f: OrderFilters, timeZone?: string): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.payment) p.set('payment', f.payment);
  if (f.fulfillment) p.set('fulfillment', f.fulfillment);
  if (f.from) p.set('from', String(dayStart(f.from, timeZone)));
  if (f.to) p.set('to', String(dayStart(addDays(f.to, 1), timeZone)));
  if (f.product) p.set('product', f.product);
  if (f.sort !== DEFAULT_SORT) p.set('sort', f.sort);
  return p;
}
