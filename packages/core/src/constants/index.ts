// The business constants of both specs' section 9, in one place. Constants that belong to one
// rule live beside it and are re-exported here, so this module is the single list to read.
export * from './analytics.js';
export * from './visitor-events.js';
export * from './storefront.js';
export * from './content-limits.js';
export { EMAIL_MIN_LENGTH, EMAIL_MAX_LENGTH } from '../validation/email.js';
export { QUANTITY_INPUT } from '../product/purchase.js';
export {
  DEFAULT_NUM_INSTALLMENTS,
  AFTERPAY_LOCALES,
  CLEARPAY_LOCALES,
  INSTALLMENT_COUNTRIES,
  US_AND_TERRITORIES,
} from '../product/installments.js';
export { PERIODS_PER_YEAR } from '../product/subscription.js';
export { CART_COUNT_CAP } from '../cart/messages.js';
export { DEFAULT_CURRENCY } from '../money/currencies.js';
export { BYTES_PER_MB } from '../format/file-size.js';
export { JUST_NOW_SECONDS, DAYS_PER_MONTH, DAYS_PER_YEAR } from '../format/time.js';
export { SRCSET_WIDTHS, THUMBNAIL_WIDTH_THRESHOLDS } from '../image/sizes.js';
export { ALT_TEXT_BODY_MAX_LENGTH } from '../image/alt-text.js';
export { DARK_LUMINANCE_THRESHOLD } from '../color/weight.js';
export { JULIAN_DAY_MIN, JULIAN_DAY_MAX } from '../format/julian-day.js';
export * from './session-recording.js';
export * from './variant-overrides.js';
