import { firstImage } from '../commerce/index.js';
import { assetUrl, type SiteSnapshot } from '../site/index.js';
import type { InventoryRow, StockState } from './list.js';

/** "Colour: Blue, Size: S": the variant's options in the product's option order (any others after). */
function variantText(attributesJson: string, orderingJson: string): string {
  const attributes = JSON.parse(attributesJson) as Record<string, string>;
  const ordering = JSON.parse(orderingJson) as unknown;
  const names = Array.isArray(ordering) ? ordering.filter((n): n is string => typeof n === 'string' && n in attributes) : [];
  for (const name of Object.keys(attributes)) if (!names.includes(name)) names.push(name);
  return names.map((n) => `${n}: ${attributes[n]}`).join(', ');
}

function stockState(stock: number, unlimited: boolean, threshold: number): StockState {
  if (unlimited) return 'unlimited';
  if (stock <= 0) return 'out';
  return stock <= threshold ? 'low' : 'in';
}

/** A row of the inventory list as the API answers it. */
export function inventoryView(s: SiteSnapshot, r: InventoryRow, threshold: number) {
  const unlimited = Number(r.unlimited) === 1;
  const stock = Number(r.stock);
  const path = r.image ?? firstImage(r.item_data, r.product_data);
  return {
    variantId: r.id,
    productId: r.item_id,
    productTitle: r.title,
    productType: r.product_type,
    variantText: variantText(r.attributes, r.variant_option_ordering),
    sku: r.sku,
    stock: unlimited ? null : stock,
    unlimited,
    stockState: stockState(stock, unlimited, threshold),
    image: path ? { path, url: assetUrl(s, path) } : null,
    productUrl: `/config/products/${encodeURIComponent(r.item_id)}`,
    waitingSignups: Number(r.waiting),
  };
}
