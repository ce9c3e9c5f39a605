/**
 * Variant overrides from the query string (storefront.md section 6, platform.md sections 4 and
 * 6): `?<name>_variant=<value>` picks the variant of experiment `<name>` for this browser and
 * stores it; the value `reset` clears the stored override. Only a site whose status is internal
 * permits them; everywhere else the query is ignored and stored overrides are not applied.
 */
export const VARIANT_OVERRIDE_SUFFIX = '_variant';
export const VARIANT_OVERRIDE_RESET = 'reset';
export const SITE_STATUS_INTERNAL = 'internal';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const VALUE = /^[A-Za-z0-9_.-]{1,64}$/;

/** Only the internal site status permits overrides. */
export function variantOverridesAllowed(siteStatus: unknown): boolean {
  return siteStatus === SITE_STATUS_INTERNAL;
}

/**
 * The overrides in force after this page's query: the stored ones, changed by each well-formed
 * `<name>_variant` parameter (a value sets, `reset` removes). Returns the stored ones unchanged
 * (and `changed` false) when nothing applies; an empty map when overrides are not allowed.
 */
export function applyVariantOverrides(
  stored: Readonly<Record<string, string>>,
  query: Iterable<readonly [string, string]>,
  siteStatus: unknown,
): { overrides: Record<string, string>; changed: boolean } {
  if (!variantOverridesAllowed(siteStatus)) return { overrides: {}, changed: false };
  const overrides: Record<string, string> = {};
  for (const [k, v] of Object.entries(stored)) if (NAME.test(k) && VALUE.test(v)) overrides[k] = v;
  let changed = false;
  for (const [key, value] of query) {
    if (!key.endsWith(VARIANT_OVERRIDE_SUFFIX)) continue;
    const name = key.slice(0, -VARIANT_OVERRIDE_SUFFIX.length);
    if (!NAME.test(name)) continue;
    if (value === VARIANT_OVERRIDE_RESET) {
      if (name in overrides) {
        delete overrides[name];
        changed = true;
      }
    } else if (VALUE.test(value) && overrides[name] !== value) {
      overrides[name] = value;
      changed = true;
    }
  }
  return { overrides, changed };
}
