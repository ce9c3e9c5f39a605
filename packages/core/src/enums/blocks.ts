import { defineEnum, type EnumValue } from './define.js';

/**
 * Block variant types 1000 to 1019 (platform.md section 3), numbered in the order the spec
 * lists them. The spec names 19 variants for the 20 codes of its range, so 1019 is left
 * unassigned rather than guessed; the two reservation-service variants are unnamed in the
 * spec and get ordinal names.
 */
export const BlockVariantType = defineEnum({
  GALLERY_SLIDESHOW: 1000,
  GALLERY_CAROUSEL: 1001,
  GALLERY_GRID: 1002,
  GALLERY_STACK: 1003,
  SUMMARY_WALL: 1004,
  SUMMARY_CAROUSEL: 1005,
  SUMMARY_LIST: 1006,
  SUMMARY_GRID: 1007,
  CHART_BAR: 1008,
  CHART_LINE: 1009,
  CHART_PIE: 1010,
  IMAGE_INLINE: 1011,
  IMAGE_POSTER: 1012,
  IMAGE_CARD: 1013,
  IMAGE_OVERLAP: 1014,
  IMAGE_COLLAGE: 1015,
  IMAGE_STACK: 1016,
  RESERVATION_SERVICE_1: 1017,
  RESERVATION_SERVICE_2: 1018,
});
export type BlockVariantType = EnumValue<typeof BlockVariantType>;

/** Page-section slice types: named in the spec without numeric codes, so the value is the name. */
export const PageSectionSliceType = defineEnum({
  HEADING: 'heading',
  SUB_HEADING: 'sub-heading',
  BODY: 'body',
  IMAGE: 'image',
  GALLERY: 'gallery',
  VIDEO: 'video',
  SOCIAL_ICONS: 'social-icons',
  BUTTONS: 'buttons',
  NAVIGATION: 'navigation',
  CUSTOM_FORM: 'custom-form',
  NEWSLETTER: 'newsletter',
  ALBUM: 'album',
  MAP: 'map',
  LOCK: 'lock',
  PASSWORD: 'password',
  TWITTER: 'twitter',
  LOGO: 'logo',
  ACTION: 'action',
  POPUP_OVERLAY_ACTION: 'popup-overlay-action',
  TEMP_LOCK_INJECT: 'temp-lock-inject',
});
export type PageSectionSliceType = EnumValue<typeof PageSectionSliceType>;

/** Positions: the 3x3 grid of top/center/bottom with left/center/right, row by row. */
export const Position = defineEnum({
  TOP_LEFT: 'top-left',
  TOP_CENTER: 'top-center',
  TOP_RIGHT: 'top-right',
  CENTER_LEFT: 'center-left',
  CENTER_CENTER: 'center-center',
  CENTER_RIGHT: 'center-right',
  BOTTOM_LEFT: 'bottom-left',
  BOTTOM_CENTER: 'bottom-center',
  BOTTOM_RIGHT: 'bottom-right',
});
export type Position = EnumValue<typeof Position>;

export type VerticalPosition = 'top' | 'center' | 'bottom';
export type HorizontalPosition = 'left' | 'center' | 'right';

/** The grid cell of a vertical and a horizontal part. */
export function position(vertical: VerticalPosition, horizontal: HorizontalPosition): Position {
  return `${vertical}-${horizontal}` as Position;
}

export const GalleryItemMediaType = defineEnum({
  IMAGE_EMPTY: 'imageEmpty',
  IMAGE_FILE: 'imageFile',
  IMAGE_LICENSED: 'imageLicensed',
  IMAGE_REUSED: 'imageReused',
  ASSET_REUSED: 'assetReused',
  VIDEO: 'video',
});
export type GalleryItemMediaType = EnumValue<typeof GalleryItemMediaType>;
