// The mailing list's calls (docs/owner-api.md "Mailing list"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';
export type SubscriberCounts = Record<SubscriberStatus, number>;

export interface Subscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  source: string;
  created: number;
  updatedOn: number;
  confirmedOn: number | null;
  unsubscribedOn: number | null;
}

export interface SubscribersAnswer {
  subscribers: Subscriber[];
  nextCursor: string | null;
  /** With the first page only (null with a cursor). */
  counts: SubscriberCounts | null;
}

export interface SubscriberFilters {
  readonly q: string;
  /** '' for every state. */
  readonly status: SubscriberStatus | '';
  readonly source: string;
}

const API = '/api/owner/mailing-list';
/** The filtered list as CSV: a plain link, the browser downloads it with the session's cookie. */
const EXPORT_PATH = `${API}/export.csv`;

export const NO_FILTERS: SubscriberFilters = { q: '', status: '', source: '' };
const STATUSES = ['pending', 'subscribed', 'unsubscribed'];

export function filtersFromSearch(search: string): SubscriberFilters {
  const p = new URLSearchParams(search);
  const status = p.get('status') ?? '';
  return {
    q: (p.get('q') ?? '').trim().slice(0, 200),
    status: STATUSES.includes(status) ? (status as SubscriberStatus) : '',
    source: (p.get('source') ?? '').trim().slice(0, 100),
  };
}

/** The filters as a query string (without `?`): the page's address, the API's and the export's. */
export function queryOf(f: SubscriberFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ['q', 'status', 'source'] as const) if (f[key]) p.set(key, f[key]);
  return p;
}

const withQuery = (path: string, p: URLSearchParams) => (p.toString() ? `${path}?${p}` : path);

export const exportUrl = (f: SubscriberFilters) => withQuery(EXPORT_PATH, queryOf(f));

export const mailingListCalls = (api: Api) => ({
  list: (f: SubscriberFilters, cursor: string | null) => {
    const p = queryOf(f);
    if (cursor) p.set('cursor', cursor);
    return api<SubscribersAnswer>('GET', withQuery(API, p));
  },
  remove: (id: string) => api<{ deleted: true; counts: SubscriberCounts }>('DELETE', `${API}/${encodeURIComponent(id)}`),
});
