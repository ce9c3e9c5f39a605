import { defineEnum, type EnumValue } from './define.js';

export const SurveyCohort = defineEnum({ A: 'A', B: 'B', C: 'C', D: 'D', E: 'E' });
export type SurveyCohort = EnumValue<typeof SurveyCohort>;

/**
 * Content statuses as the site format stores them, with the labels the spec gives
 * (platform.md section 4: Scheduled, Needs Review, Draft, Private). Published has no label.
 */
export const ContentStatus = defineEnum({
  PUBLISHED: 'published',
  SCHEDULED: 'scheduled',
  NEEDS_REVIEW: 'needs-review',
  DRAFT: 'draft',
  PRIVATE: 'private',
});
export type ContentStatus = EnumValue<typeof ContentStatus>;

const CONTENT_STATUS_LABELS: Readonly<Record<Exclude<ContentStatus, 'published'>, string>> = Object.freeze({
  scheduled: 'Scheduled',
  'needs-review': 'Needs Review',
  draft: 'Draft',
  private: 'Private',
});

/** The label shown for a status, or undefined for published content and unknown statuses. */
export function contentStatusLabel(status: string): string | undefined {
  return Object.hasOwn(CONTENT_STATUS_LABELS, status) ? CONTENT_STATUS_LABELS[status as keyof typeof CONTENT_STATUS_LABELS] : undefined;
}

export const CollectionView = defineEnum({ LIST: 'list', GRID: 'grid', PRODUCT: 'product' });
export type CollectionView = EnumValue<typeof CollectionView>;

export const DeviceView = defineEnum({ DESKTOP: 'desktop', PHONE: 'phone', TABLET: 'tablet' });
export type DeviceView = EnumValue<typeof DeviceView>;

export const TweakPageType = defineEnum({
  SPLASH_PAGE: 'splash-page',
  LOCK_SCREEN: 'lock-screen',
  POPUP_OVERLAY: 'popup-overlay',
  CHECKOUT: 'checkout',
  STYLE: 'style',
});
export type TweakPageType = EnumValue<typeof TweakPageType>;

export const TweakEvent = defineEnum({
  CHANGE: 'change',
  CLOSE: 'close',
  SAVE: 'save',
  RESET: 'reset',
  AFTER_SHOW: 'afterShow',
  AFTER_CLOSE: 'afterClose',
  BEFORE_OPEN: 'beforeOpen',
});
export type TweakEvent = EnumValue<typeof TweakEvent>;

/** Special page kinds (platform.md section 2). */
export const SpecialPageKind = defineEnum({
  COVER_PAGE: 'cover-page',
  LOCK_SCREEN: 'lock-screen',
  POPUP_OVERLAY: 'popup-overlay',
});
export type SpecialPageKind = EnumValue<typeof SpecialPageKind>;

/** Local-storage keys of the popup overlay (platform.md section 3), verbatim. */
export const PopupOverlayStorageKey = defineEnum({
  DATE_CLOSED: 'date-closed',
  VERSION: 'version',
  SUBMITTED: 'submitted',
});
export type PopupOverlayStorageKey = EnumValue<typeof PopupOverlayStorageKey>;

/** Generic fetch states (platform.md section 4). */
export const FetchState = defineEnum({ PENDING: 'pending', SUCCESS: 'success', FAILED: 'failed' });
export type FetchState = EnumValue<typeof FetchState>;

/** imageType of the analytics image record: 0 plain, 1 lazy data-src, 2 loader. */
export const AnalyticsImageType = defineEnum({ PLAIN: 0, LAZY_DATA_SRC: 1, LOADER: 2 });
export type AnalyticsImageType = EnumValue<typeof AnalyticsImageType>;
