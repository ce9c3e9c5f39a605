import type { Executor } from '../../storage/statement.js';

/** The most products the orders list's product filter offers; a shop with more types an item id instead. */
const PRODUCT_CHOICES_LIMIT = 500;

/**
 * The site's products by title, for the product filter of the orders list: one query when the page
 * opens, so that the owner picks a product by its name rather than typing an item id.
 */
export function productChoices(db: Executor, websiteId: string): Promise<{ id: string; title: string }[]> {
  return db
    .selectFrom('products')
    .innerJoin('items', 'items.id', 'products.item_id')
    .select(['items.id as id', 'items.title as title'])
    .where('products.website_id', '=', websiteId)
    .orderBy('items.title')
    .orderBy('items.id')
    .limit(PRODUCT_CHOICES_LIMIT)
    .execute();
}
