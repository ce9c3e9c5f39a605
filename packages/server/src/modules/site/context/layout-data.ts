import type { BlockKind } from '@tessera/core/layout';
import type { Store } from '../../../storage/dialect.js';
import type { PageContext, PageRequest } from '../pages.js';
import { formData, newsletterData } from './layout-data/form.js';
import { galleryData } from './layout-data/gallery.js';
import { mapData } from './layout-data/map.js';
import { audioData, videoData } from './layout-data/media.js';
import { productData } from './layout-data/product.js';
import { summaryData } from './layout-data/summary.js';

/**
 * What a block of a kind shows beyond its own settings, read from the store when a page is built: a
 * summary's items, a product with its variants, a form, a gallery's or an image's pictures, a video. The
 * answer is merged into the block's context as `data`; null when there is nothing to show (a product
 * deleted since, a collection the visitor may not open), and the theme then leaves the block out.
 */
export type BlockData = (
  store: Store,
  req: PageRequest,
  settings: Readonly<Record<string, unknown>>,
  page: PageContext,
) => Promise<Record<string, unknown> | null>;

/**
 * One reader per kind, each in its own file under layout-data/ (docs/site-format.md "Block kinds that
 * read the store"). The blocks of a page are read concurrently; products and the items product blocks
 * name are read together for the whole page (layout-data/batch.ts).
 */
export const BLOCK_DATA: Partial<Record<BlockKind, BlockData>> = {
  summary: summaryData,
  product: productData,
  form: formData,
  newsletter: newsletterData,
  gallery: galleryData,
  video: videoData,
  audio: audioData,
  map: mapData,
};
