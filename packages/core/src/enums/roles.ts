import { defineEnum, type EnumValue } from './define.js';

/** Website roles (platform.md section 3, storefront.md section 6). 5 is not assigned. */
export const WebsiteRole = defineEnum({
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
  NONE: 14,
  WEBSITE_MANAGER: 15,
});
export type WebsiteRole = EnumValue<typeof WebsiteRole>;

/**
 * Website subscription statuses: the spec names only the two ends of the range
 * ("expired 1 through enterprise 15"); the codes in between exist but are unnamed.
 */
export const WebsiteSubscriptionStatus = defineEnum({
  EXPIRED: 1,
  ENTERPRISE: 15,
});
export type WebsiteSubscriptionStatus = EnumValue<typeof WebsiteSubscriptionStatus>;
