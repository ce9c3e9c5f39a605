import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import { merchandisingOf } from '../commerce/index.js';
import { readStoreSettings, saveStoreSettings } from '../store-settings/index.js';
import type { JsonObject } from '../../site-dir/types.js';

/** The inventory's own settings, kept in site.json `store.merchandising` (so `tessera export` writes them). */
export interface InventorySettings {
  readonly scarcityThreshold: number;
  readonly restockAutoSend: boolean;
  /** The store settings' version they were read at: a save names it. */
  readonly version: string;
}

/** The scarcity threshold a site sets none for, as lowStockThreshold reads it. */
const DEFAULT_THRESHOLD = 3;
export const MAX_THRESHOLD = 1_000_000;

function fromStore(store: JsonObject, version: string): InventorySettings {
  const m = merchandisingOf(store);
  const t = m.scarcityThreshold;
  return {
    scarcityThreshold: typeof t === 'number' && Number.isInteger(t) && t >= 0 ? t : DEFAULT_THRESHOLD,
    // Back in stock mails its waiting signups unless the owner turned it off.
    restockAutoSend: m.restockAutoSend !== false,
    version,
  };
}

export async function readInventorySettings(store: Store, websiteId: string): Promise<InventorySettings> {
  const stored = await readStoreSettings(store.db, websiteId);
  return fromStore(stored.store, stored.version);
}

/**
 * Saves the two settings into the store settings, compare-and-set on their version (the store
 * settings page's): a save made from settings someone changed since (this page, the store page,
 * an import) is refused with STORE_SETTINGS_CHANGED and changes nothing.
 */
export async function saveInventorySettings(
  store: Store,
  websiteId: string,
  next: { version: string; scarcityThreshold?: number; restockAutoSend?: boolean },
  now: number,
): Promise<void> {
  const current = await readStoreSettings(store.db, websiteId);
  if (current.version !== next.version) throw new AppError('STORE_SETTINGS_CHANGED');
  const merchandising: JsonObject = { ...merchandisingOf(current.store) } as JsonObject;
  if (next.scarcityThreshold !== undefined) merchandising.scarcityThreshold = next.scarcityThreshold;
  if (next.restockAutoSend !== undefined) merchandising.restockAutoSend = next.restockAutoSend;
  const saved = await saveStoreSettings(store, websiteId, next.version, { currency: current.currency, store: { ...current.store, merchandising } }, now);
  if (!saved) throw new AppError('STORE_SETTINGS_CHANGED');
}
