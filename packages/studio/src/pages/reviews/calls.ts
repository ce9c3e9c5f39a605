// The moderation queue's calls (docs/owner-api.md "Reviews"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

export type ReviewStatus = 'pending' | 'approved' | 'hidden';
export type StatusCounts = Record<ReviewStatus, number>;

/** One review of `GET /api/owner/reviews`. */
export interface OwnerReview {
  id: string;
  status: ReviewStatus;
  rating: number;
  body: string;
  reviewerName: string;
  created: number;
  reply: string | null;
  repliedOn: number | null;
  repliedBy: string | null;
  moderatedOn: number | null;
  moderatedBy: string | null;
  product: { itemId: string; title: string | null; url: string | null };
  order: { id: string; orderNumber: number | null; url: string };
}

export interface ReviewsAnswer {
  reviews: OwnerReview[];
  nextCursor: string | null;
  /** With the first page only (null with a cursor). */
  counts: StatusCounts | null;
}

export interface ReviewSettings {
  version: string;
  reviewsEnabled: boolean;
  reviewsRequireApproval: boolean;
}

const API = '/api/owner/reviews';
const one = (id: string) => `${API}/${encodeURIComponent(id)}`;

export const reviewCalls = (api: Api) => ({
  /** One page of the queue: `query` holds the filters (and the cursor of the page after the first). */
  list: (query: URLSearchParams) => {
    const q = query.toString();
    return api<ReviewsAnswer>('GET', q ? `${API}?${q}` : API);
  },
  approve: (id: string) => api<{ review: OwnerReview; counts: StatusCounts }>('POST', `${one(id)}/approve`),
  hide: (id: string) => api<{ review: OwnerReview; counts: StatusCounts }>('POST', `${one(id)}/hide`),
  reply: (id: string, reply: string) => api<{ review: OwnerReview; counts: StatusCounts }>('PUT', `${one(id)}/reply`, { reply }),
  remove: (id: string) => api<{ deleted: true; counts: StatusCounts }>('DELETE', one(id)),
  settings: () => api<ReviewSettings>('GET', `${API}/settings`),
  saveSettings: (version: string, reviewsRequireApproval: boolean) => api<ReviewSettings>('PUT', `${API}/settings`, { version, reviewsRequireApproval }),
});
