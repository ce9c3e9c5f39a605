import { describe, expect, it } from 'vitest';
import {
  AnalyticsImageType,
  BackgroundSource,
  BlockType,
  BlockVariantType,
  CollectionType,
  CollectionView,
  ContentStatus,
  DeviceView,
  FetchState,
  FolderBehavior,
  FORM_FIELD_EXTRA_PROPERTIES,
  FormBuilderStep,
  FormFieldType,
  GalleryItemMediaType,
  PageSectionSliceType,
  PageType,
  PopupOverlayStorageKey,
  Position,
  ProductType,
  RecordType,
  SliceType,
  SpecialPageKind,
  SurveyCohort,
  TweakEvent,
  TweakPageType,
  WebsiteRole,
  WebsiteSubscriptionStatus,
  contentStatusLabel,
  enumKey,
  enumName,
  enumValueOf,
  enumValues,
  isEnumValue,
  position,
  toProductType,
} from '../src/enums/index.js';

describe('PageType', () => {
  it('pins all 25 page type numbers of the spec', () => {
    expect(PageType).toEqual({
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
    expect(Object.keys(PageType)).toHaveLength(25);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(PageType)).toBe(true);
    expect(() => {
      (PageType as Record<string, number>).PAGE = 3;
    }).toThrow(TypeError);
  });
});

describe('content enumerations', () => {
  it('pins BackgroundSource', () => {
    expect(BackgroundSource).toEqual({ UNDEFINED: -1, UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 });
  });

  it('pins the BlockType codes the spec names, and the rest of the format', () => {
    expect(BlockType).toMatchObject({
      NAVIGATION: 1,
      HTML: 2,
      LOGO: 3,
      MAP: 4,
      IMAGE: 5,
      GALLERY: 8,
      FORM: 9,
      PRODUCT: 43,
      BUTTON: 53,
      ACCORDION: 69,
    });
    expect(BlockType).toMatchObject({
      UNDEFINED: -1,
      TWITTER: 6,
      JOURNAL: 7,
      GEO: 10,
      INDEX: 11,
      COLLECTIONLINK: 12,
      LINK: 13,
      TAGCLOUD: 14,
      COMMENTS: 16,
      FOLDER: 17,
      MENU: 18,
      SOCIALLINKS: 19,
      SUMMARY: 20,
      SPACER: 21,
      EMBED: 22,
      CODE: 23,
      FOURSQUARE: 24,
      INSTAGRAM: 25,
      CALENDAR: 26,
      POSTSBYAUTHOR: 27,
      POSTSBYTAG: 28,
      POSTSBYCATEGORY: 29,
      POSTSBYMONTH: 30,
      QUOTE: 31,
      VIDEO: 32,
      SEARCH: 33,
      AUDIO: 41,
      FIVEHUNDREDPIX: 42,
      MARKDOWN: 44,
      FLICKR: 45,
      AMAZON: 46,
      HORIZONTALRULE: 47,
      SOCIALACCOUNTLINKS: 48,
      RSS: 49,
      OPENTABLE: 50,
      NEWSLETTER: 51,
      DONATION: 52,
      SOCIALACCOUNTLINKS_V2: 54,
      SUMMARY_V2: 55,
      SOUNDCLOUD: 56,
      EMAILFOOTER: 57,
      IN_BROWSER_MESSAGE_LINK: 58,
      TOURDATES: 59,
      ALBUM: 60,
      ARCHIVE: 61,
      CHART: 62,
      ZOLA: 63,
      ACUITY: 65,
      OPENTABLE_V2: 66,
      MEMBER_AREA: 67,
      TOCK: 68,
    });
    expect(Object.keys(BlockType)).toHaveLength(61);
    expect(new Set(Object.values(BlockType)).size).toBe(61);
  });

  it('pins CollectionType', () => {
    expect(CollectionType).toEqual({
      UNDEFINED: -1,
      GENERIC: 1,
      SUBSCRIPTION: 2,
      TWITTER: 3,
      FOURSQUARE: 4,
      INSTAGRAM: 5,
      GALLERY_BLOCK: 6,
      TEMPLATE_PAGE: 7,
      SPLASH_PAGE: 8,
      PAGE: 10,
      FIVEHUNDREDPIX: 11,
      FLICKR: 12,
      PRODUCTS: 13,
      SLIDE_GALLERY: 15,
      SLIDE_ALBUM: 16,
      SLIDE_VIDEO: 17,
      ALBUM_BLOCK: 18,
    });
  });

  it('pins FolderBehavior', () => {
    expect(FolderBehavior).toEqual({ UNDEFINED: -1, INDEX: 1, REDIRECT: 2, NONE: 3 });
  });

  it('pins RecordType', () => {
    expect(RecordType).toEqual({
      UNDEFINED: -1,
      TEXT: 1,
      IMAGE: 2,
      QUOTE: 4,
      LINK: 5,
      AUDIO: 7,
      VIDEO: 8,
      STORE_ITEM: 11,
      EVENT: 12,
      GALLERY: 14,
      BINARY: 15,
      CSS_ASSET: 16,
      TWEAK_ASSET: 17,
      DIGITAL_GOOD: 18,
      ATTACHMENT: 19,
      WORDPRESS_EXPORT: 20,
      JSON_EXPORT: 21,
      SITE_SEARCH: 30,
      ACTIVE_TIME: 31,
      TWEET: 50,
      CHECKIN: 52,
      KBARTICLE: 54,
    });
  });

  it('pins SliceType', () => {
    expect(SliceType).toEqual({
      UNDEFINED: -1,
      HEADING: 1,
      BODY: 3,
      IMAGE: 4,
      GALLERY: 5,
      VIDEO: 6,
      SOCIAL_ICONS: 7,
      BUTTONS: 8,
      NAVIGATION: 9,
      CUSTOM_FORM: 10,
      NEWSLETTER: 11,
      ALBUM: 12,
      MAP: 13,
      LOGO: 14,
      ACTION: 15,
      FORM: 16,
      LOCK: 17,
      PASSWORD: 18,
      TWITTER: 19,
    });
  });
});

describe('ProductType', () => {
  it('pins physical 1, digital 2, service 3, gift card 4, paywall 5', () => {
    expect(ProductType).toEqual({ UNDEFINED: -1, PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 });
  });

  it('reads numbers and numeric strings, anything else is undefined', () => {
    expect(toProductType(1)).toBe(ProductType.PHYSICAL);
    expect(toProductType('4')).toBe(ProductType.GIFT_CARD);
    expect(toProductType(' 5 ')).toBe(ProductType.PAYWALL);
    expect(toProductType(6)).toBe(ProductType.UNDEFINED);
    expect(toProductType('')).toBe(ProductType.UNDEFINED);
    expect(toProductType(null)).toBe(ProductType.UNDEFINED);
    expect(toProductType(1.5)).toBe(ProductType.UNDEFINED);
  });
});

describe('roles and statuses', () => {
  it('pins the website roles', () => {
    expect(WebsiteRole).toEqual({
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
  });

  it('pins the named website subscription statuses', () => {
    expect(WebsiteSubscriptionStatus).toEqual({ EXPIRED: 1, ENTERPRISE: 15 });
  });
});

describe('block and layout enumerations', () => {
  it('numbers block variant types from 1000 in the order of the spec', () => {
    expect(BlockVariantType).toEqual({
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
    for (const v of enumValues(BlockVariantType)) expect(v >= 1000 && v <= 1019).toBe(true);
  });

  it('lists the 20 page-section slice types', () => {
    expect(enumValues(PageSectionSliceType)).toEqual([
      'heading',
      'sub-heading',
      'body',
      'image',
      'gallery',
      'video',
      'social-icons',
      'buttons',
      'navigation',
      'custom-form',
      'newsletter',
      'album',
      'map',
      'lock',
      'password',
      'twitter',
      'logo',
      'action',
      'popup-overlay-action',
      'temp-lock-inject',
    ]);
  });

  it('builds the 3x3 positions', () => {
    expect(enumValues(Position)).toHaveLength(9);
    expect(position('top', 'left')).toBe(Position.TOP_LEFT);
    expect(position('center', 'center')).toBe(Position.CENTER_CENTER);
    expect(position('bottom', 'right')).toBe(Position.BOTTOM_RIGHT);
    for (const v of ['top', 'center', 'bottom'] as const) {
      for (const h of ['left', 'center', 'right'] as const) expect(isEnumValue(Position, position(v, h))).toBe(true);
    }
  });

  it('pins gallery item media types', () => {
    expect(enumValues(GalleryItemMediaType)).toEqual(['imageEmpty', 'imageFile', 'imageLicensed', 'imageReused', 'assetReused', 'video']);
  });
});

describe('form enumerations', () => {
  it('lists the 19 form field types with their extra properties', () => {
    expect(enumValues(FormFieldType)).toEqual([
      'text',
      'textarea',
      'email',
      'currency',
      'number',
      'website',
      'password',
      'twitter',
      'date',
      'time',
      'name',
      'address',
      'phone',
      'section',
      'radio',
      'checkbox',
      'select',
      'likert',
      'hidden',
    ]);
    expect(FORM_FIELD_EXTRA_PROPERTIES.textarea).toEqual(['maxLength']);
    expect(FORM_FIELD_EXTRA_PROPERTIES.currency).toEqual(['currencySymbol']);
    expect(FORM_FIELD_EXTRA_PROPERTIES.phone).toEqual(['showCountryCode']);
    expect(FORM_FIELD_EXTRA_PROPERTIES.section).toEqual(['underline']);
    expect(FORM_FIELD_EXTRA_PROPERTIES.likert).toEqual(['options']);
    expect(FORM_FIELD_EXTRA_PROPERTIES.hidden).toEqual(['key', 'value']);
    expect(Object.keys(FORM_FIELD_EXTRA_PROPERTIES).sort()).toEqual(enumValues(FormFieldType).sort());
  });

  it('lists the form builder steps in order', () => {
    expect(enumValues(FormBuilderStep)).toEqual(['build', 'storage', 'advanced', 'captcha', 'disclaimer']);
  });
});

describe('other enumerations', () => {
  it('pins survey cohorts, views, tweaks, popup keys, fetch states and image types', () => {
    expect(enumValues(SurveyCohort)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(enumValues(CollectionView)).toEqual(['list', 'grid', 'product']);
    expect(enumValues(DeviceView)).toEqual(['desktop', 'phone', 'tablet']);
    expect(enumValues(TweakPageType)).toEqual(['splash-page', 'lock-screen', 'popup-overlay', 'checkout', 'style']);
    expect(enumValues(TweakEvent)).toEqual(['change', 'close', 'save', 'reset', 'afterShow', 'afterClose', 'beforeOpen']);
    expect(enumValues(SpecialPageKind)).toEqual(['cover-page', 'lock-screen', 'popup-overlay']);
    expect(enumValues(PopupOverlayStorageKey)).toEqual(['date-closed', 'version', 'submitted']);
    expect(enumValues(FetchState)).toEqual(['pending', 'success', 'failed']);
    expect(AnalyticsImageType).toEqual({ PLAIN: 0, LAZY_DATA_SRC: 1, LOADER: 2 });
  });

  it('labels content statuses', () => {
    expect(contentStatusLabel(ContentStatus.SCHEDULED)).toBe('Scheduled');
    expect(contentStatusLabel(ContentStatus.NEEDS_REVIEW)).toBe('Needs Review');
    expect(contentStatusLabel(ContentStatus.DRAFT)).toBe('Draft');
    expect(contentStatusLabel(ContentStatus.PRIVATE)).toBe('Private');
    expect(contentStatusLabel(ContentStatus.PUBLISHED)).toBeUndefined();
    expect(contentStatusLabel('toString')).toBeUndefined();
  });
});

describe('name <-> code lookups', () => {
  it('turns codes into kebab names and back', () => {
    expect(enumName(RecordType, 11)).toBe('store-item');
    expect(enumName(BlockType, 54)).toBe('socialaccountlinks-v2');
    expect(enumName(ProductType, 4)).toBe('gift-card');
    expect(enumName(PageType, 999)).toBeUndefined();
    expect(enumKey(PageType, 200)).toBe('SHOW_CART');
    expect(enumValueOf(RecordType, 'store-item')).toBe(11);
    expect(enumValueOf(CollectionType, 'GALLERY_BLOCK')).toBe(6);
    expect(enumValueOf(CollectionType, 'Template-Page')).toBe(7);
    expect(enumValueOf(PageType, 'nope')).toBeUndefined();
    expect(enumValueOf(PageType, 'constructor')).toBeUndefined();
  });

  it('round-trips every member of every numeric enumeration', () => {
    for (const e of [
      PageType,
      BackgroundSource,
      BlockType,
      CollectionType,
      FolderBehavior,
      ProductType,
      RecordType,
      SliceType,
      WebsiteRole,
      BlockVariantType,
    ]) {
      for (const value of enumValues(e)) {
        expect(enumValueOf(e, enumName(e, value)!)).toBe(value);
      }
    }
  });
});
