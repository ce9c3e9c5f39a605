// Entry: variant overrides from the query string (storefront.md section 6, platform.md section 4):
// on an internal site, `?<name>_variant=<value>` picks the variant of experiment `<name>` for this
// browser and stores it; `reset` clears it. The overrides are session data with an expiry (removed
// once expired). Loaded by the bootstrap only when the site context says the site is internal.
import { applyVariantOverrides } from '@tessera/core/constants';
import { readExpiring, writeExpiring } from './expiring-storage.js';

export const OVERRIDES_KEY = 'tessera.variantOverrides';
const OVERRIDES_EXPIRY_KEY = 'tessera.variantOverrides.expires';
const OVERRIDES_LIFETIME_MS = 7 * 86_400_000;

/** The overrides in force on this page: the stored ones changed by the query; stored again when changed. */
export function variantOverrides(siteStatus: 'internal' | 'live', search: string, storage: Storage, now = Date.now()): Record<string, string> {
  let stored: Record<string, string> = {};
  try {
    const raw = readExpiring(storage, OVERRIDES_KEY, OVERRIDES_EXPIRY_KEY, now);
    if (raw) stored = JSON.parse(raw) as Record<string, string>;
  } catch {
    stored = {};
  }
  const { overrides, changed } = applyVariantOverrides(stored, new URLSearchParams(search), siteStatus === 'internal' ? 'internal' : 'live');
  if (changed) {
    try {
      if (Object.keys(overrides).length === 0) {
        storage.removeItem(OVERRIDES_KEY);
        storage.removeItem(OVERRIDES_EXPIRY_KEY);
      } else {
        writeExpiring(storage, OVERRIDES_KEY, JSON.stringify(overrides), OVERRIDES_EXPIRY_KEY, now + OVERRIDES_LIFETIME_MS);
      }
    } catch {
      // storage blocked: the overrides hold for this page only
    }
  }
  return overrides;
}

/** Tells the page (and its scripts) the overrides: `data-variant-<name>` on <html>, and a `tessera:variants` event. */
export function applyToDocument(overrides: Record<string, string>, doc: Document = document): void {
  for (const [name, value] of Object.entries(overrides))
    doc.documentElement.setAttribute(`data-variant-${name.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`, value);
  doc.dispatchEvent(new CustomEvent('tessera:variants', { detail: overrides }));
}
