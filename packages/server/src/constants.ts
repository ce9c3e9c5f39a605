/**
 * Enumerations and limits of the spec that the server needs before `@tessera/core` lands.
 * TODO(core): import these from @tessera/core once it is merged, and delete this file.
 */

/** Page type numbers (spec: storefront.md section 2). */
export const PageType = {
  COLLECTION: 1,
  PAGE: 2,
  ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
} as const;

export const ProductType = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;

/** CollectionType codes the spec gives; collection kinds it does not name are generic. */
export const CollectionType = { GENERIC: 1, PAGE: 10, PRODUCTS: 13 } as const;

export const FolderBehavior = { INDEX: 1, REDIRECT: 2, NONE: 3 } as const;

export const RecordType = {
  TEXT: 1, IMAGE: 2, QUOTE: 4, LINK: 5, AUDIO: 7, VIDEO: 8, STORE_ITEM: 11, EVENT: 12, GALLERY: 14, DIGITAL_GOOD: 18,
} as const;

/** Content limits (spec: storefront.md section 9, platform.md "Editor limits"). */
export const ContentLimits = {
  productsPerCollection: 200,
  itemsPerUserOrderableCollection: 250,
  blocksPerLayout: 60,
  tracksPerAlbum: 60,
  photoSharingGalleries: 20,
  photoSharingGallerySize: 50,
  nestedCategories: 10000,
  tagLength: 50,
  categoryLength: 25,
} as const;

/** The 27 store currencies and their fraction digits (all 2 but JPY). */
export const CURRENCY_FRACTION_DIGITS: Readonly<Record<string, number>> = Object.fromEntries(
  ['EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK', 'ILS', 'PHP',
    'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR'].map((c) => [c, c === 'JPY' ? 0 : 2]),
);

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_TIME_ZONE = 'America/New_York';
