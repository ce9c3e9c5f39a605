import { merchandisingOf } from '../commerce/index.js';
import type { SiteSnapshot } from '../site/index.js';

/** The stock at or under which a variant is low when the site sets no scarcity threshold. */
const DEFAULT_LOW_STOCK = 3;

/**
 * The site's scarcity threshold (site.json `store.merchandising.scarcityThreshold`) when it sets one,
 * else 3: a stocked variant with this many pieces or fewer is low (the studio's low-stock view and home card).
 */
export function lowStockThreshold(s: SiteSnapshot): number {
  const value = merchandisingOf(s.store).scarcityThreshold;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : DEFAULT_LOW_STOCK;
}
