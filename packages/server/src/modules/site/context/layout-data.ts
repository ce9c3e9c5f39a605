import type { BlockKind } from '@tessera/core/layout';
import type { Store } from '../../../storage/dialect.js';
import type { PageContext, PageRequest } from '../pages.js';

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

export const BLOCK_DATA: Partial<Record<BlockKind, BlockData>> = {};
