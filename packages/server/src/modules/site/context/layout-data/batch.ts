import type { ItemRow, ProductRows } from '../../../../storage/content.js';
import type { Store } from '../../../../storage/dialect.js';
import { productsOf } from '../../catalog.js';
import type { PageContext, PageRequest } from '../../pages.js';
import { type ItemRef, visibleItemsByRef } from './items.js';

/**
 * What the blocks of one page ask the store for, gathered and read together: the blocks of a page
 * are built concurrently, each registers what it needs before its first wait, and one read serves
 * them all when the turn of the event loop ends (a page of 60 product blocks makes two queries,
 * not 120). Kept per page context, so nothing is shared between requests.
 */
class PageBatch {
  private refs: ItemRef[] = [];
  private itemIds: string[] = [];
  private items: Promise<ItemRow[]> | null = null;
  private products: Promise<ProductRows> | null = null;

  constructor(
    private readonly store: Store,
    private readonly req: PageRequest,
  ) {}

  /** The visible item a block names, or undefined. */
  async item(ref: ItemRef): Promise<ItemRow | undefined> {
    this.refs.push(ref);
    this.items ??= nextTurn().then(() => {
      const refs = this.refs;
      this.refs = [];
      this.items = null;
      return visibleItemsByRef(this.store, this.req.snapshot, refs, this.req.now);
    });
    const rows = await this.items;
    return rows.find((r) => r.collection_id === ref.collectionId && r.url_id === ref.urlId);
  }

  /** The products (with their live variants) of these items, read with those of every other block. */
  async productsOf(itemIds: readonly string[]): Promise<ProductRows> {
    this.itemIds.push(...itemIds);
    this.products ??= nextTurn().then(() => {
      const ids = [...new Set(this.itemIds)];
      this.itemIds = [];
      this.products = null;
      return productsOf(this.store, this.req.snapshot, ids);
    });
    const all = await this.products;
    const wanted = new Set(itemIds);
    return {
      products: all.products.filter((p) => wanted.has(p.item_id)),
      variants: all.variants.filter((v) => wanted.has(v.item_id)),
      plans: all.plans.filter((p) => wanted.has(p.item_id)),
    };
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const batches = new WeakMap<PageContext, PageBatch>();

export function pageBatch(store: Store, req: PageRequest, page: PageContext): PageBatch {
  let batch = batches.get(page);
  if (!batch) batches.set(page, (batch = new PageBatch(store, req)));
  return batch;
}
