import type { SiteSnapshot } from '../site/index.js';
import { merchandisingOf } from '../commerce/index.js';

/** A week: long enough for most parcels to arrive before the buyer is asked. */
const DEFAULT_REVIEW_REQUEST_DELAY_HOURS = 168;
const MAX_DELAY_HOURS = 24 * 365;

/** What a site's merchandising settings (site.json `store.merchandising`) say about product reviews. */
export interface ReviewSettings {
  /** `reviewsEnabled` (the page context's `productReviewsEnabled`). */
  readonly enabled: boolean;
  /** `reviewRequestDelayHours`: how long after an order its review request is mailed (0 to 8760, default 168). */
  readonly requestDelayHours: number;
  /** `reviewsRequireApproval`: a new review waits (`pending`) until a moderator approves it; false publishes it at once. */
  readonly requireApproval: boolean;
}

export function reviewSettings(s: SiteSnapshot): ReviewSettings {
  const m = merchandisingOf(s.store);
  const delay = m.reviewRequestDelayHours;
  return {
    enabled: m.reviewsEnabled === true,
    requireApproval: m.reviewsRequireApproval === true,
    requestDelayHours:
      typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 && delay <= MAX_DELAY_HOURS ? delay : DEFAULT_REVIEW_REQUEST_DELAY_HOURS,
  };
}
