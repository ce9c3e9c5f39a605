// A form's submission filters live in the page's address (`/config/forms/contact?q=ada&from=2026-11-01`),
// so a filtered list can be shared and the back button brings the previous filters back. Days are
// written as the owner picked them and become instants in the site's time zone only for the API.
import { addDays } from '../../format.js';
import { dayStart } from '../orders/filters.js';

export interface SubmissionFilters {
  readonly q: string;
  /** `YYYY-MM-DD`: sent on or after that day. */
  readonly from: string;
  /** `YYYY-MM-DD`: sent on or before that day. */
  readonly to: string;
}

export const NO_FILTERS: SubmissionFilters = { q: '', from: '', to: '' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromSearch(search: string): SubmissionFilters {
  const p = new URLSearchParams(search);
  const day = (name: string) => (DAY.test(p.get(name) ?? '') ? p.get(name)! : '');
  return { q: (p.get('q') ?? '').trim(), from: day('from'), to: day('to') };
}

/** The page address's query string (`?…`, or '' for none). */
export function searchOfFilters(f: SubmissionFilters): string {
  const p = new URLSearchParams();
  for (const key of ['q', 'from', 'to'] as const) if (f[key]) p.set(key, f[key]);
  const q = p.toString();
  return q ? `?${q}` : '';
}

export const isFiltered = (f: SubmissionFilters) => !!(f.q || f.from || f.to);

/** The API's query: days become instants in the site's time zone, `to` the end of its day. */
export function apiQuery(f: SubmissionFilters, timeZone?: string): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.from) p.set('from', String(dayStart(f.from, timeZone)));
  if (f.to) p.set('to', String(dayStart(addDays(f.to, 1), timeZone)));
  return p;
}
