import { CollectionType } from '../../constants.js';
import { isObject } from '../../site-dir/checker.js';
import type { JsonObject } from '../../site-dir/types.js';
import type { CollectionRow, ItemRow } from '../../storage/content.js';
import { imageContext } from './context/assets.js';
import { collectionContext, indexProducts, itemContext } from './context/content.js';
import type { SiteSnapshot } from './snapshot.js';

/**
 * A cover page's own settings, kept in its page item's data (`"cover": { "text", "image", "imageAlt",
 * "actionLabel", "actionUrl" }`): the text (HTML) and the background image (a library image's path)
 * stand in for the item's body and main image when set.
 */
export interface CoverSettings {
  readonly text: string;
  readonly image: string | null;
  readonly imageAlt: string;
  readonly actionLabel: string;
  readonly actionUrl: string;
}

const NO_PRODUCTS = indexProducts({ products: [], variants: [], plans: [] });

/** The cover settings of a page item, or null for an ordinary page. */
export function coverOf(row: Pick<ItemRow, 'data'>): CoverSettings | null {
  // Most pages have no cover: their data is not parsed again for nothing.
  if (!row.data.includes('"cover"')) return null;
  const cover = (JSON.parse(row.data) as JsonObject).cover;
  if (!isObject(cover)) return null;
  const text = (key: string) => (typeof cover[key] === 'string' ? (cover[key] as string).trim() : '');
  const image = text('image');
  return { text: text('text'), image: image === '' ? null : image, imageAlt: text('imageAlt'), actionLabel: text('actionLabel'), actionUrl: text('actionUrl') };
}

/**
 * A cover page (splash page, page type 3): a page of the site that the owner made a cover. It has a
 * layout of its own (the theme leaves out the header and footer): its main image fills the screen
 * under a scrim, with the title, the text (the item's body) and one call to action. Its collection is
 * a page collection; the context gives it the spec's splash-page collection type.
 */
export function addSplashContext(
  s: SiteSnapshot,
  language: string,
  context: Record<string, unknown>,
  c: CollectionRow,
  row: ItemRow,
  cover: CoverSettings,
): void {
  const item = itemContext(s, c, row, NO_PRODUCTS, language);
  const action = cover.actionLabel !== '' && cover.actionUrl !== '' ? { label: cover.actionLabel, url: cover.actionUrl } : null;
  Object.assign(context, {
    collection: { ...collectionContext(s, c, 1, language), type: CollectionType.SPLASH_PAGE },
    item,
    cover: {
      title: item.title,
      text: cover.text !== '' ? cover.text : item.body,
      image: cover.image ? imageContext(s, cover.image, row.title, cover.imageAlt) : item.mainImage,
      action,
    },
  });
}
