import { defineEnum, type EnumValue } from './define.js';

/** Page type numbers (platform.md section 2, storefront.md section 2). */
export const PageType = defineEnum({
  MAIN_CONTENT: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  DIGITAL_PRODUCT_COMPOSER_PREVIEW: 210,
  ORDER_STATUS: 211,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
});
export type PageType = EnumValue<typeof PageType>;

/** Page kinds that analytics never records (platform.md section 6). */
export const ANALYTICS_SKIPPED_PAGE_TYPES: readonly PageType[] = Object.freeze([PageType.NOT_FOUND, PageType.LOCK_SCREEN, PageType.MEMBER_AREA_ACCESS_DENIED]);
