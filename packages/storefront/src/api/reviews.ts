// The review-request page's call (docs/restock-reviews.md) on the one API client of @tessera/core.
import { type ApiOptions, createApi } from '@tessera/core/api-client';

const REVIEWS_API_PATH = '/api/commerce/reviews';

export interface ReviewSubmission {
  readonly token: string;
  readonly itemId: string;
  readonly rating: number | null;
  readonly body: string;
  readonly reviewerName: string;
  readonly website_url?: string;
}

export function createReviewsApi(options: ApiOptions = {}) {
  const api = createApi(options);
  return {
    submit: (review: ReviewSubmission) => api<{ review?: { rating: number; body: string; status?: string } }>('POST', REVIEWS_API_PATH, review),
  };
}

export type ReviewsApi = ReturnType<typeof createReviewsApi>;
