// Dates the storefront writes are in the site's time zone (the site context's timeZone). A page whose
// context has no usable zone data falls back to the browser's own offset, and the console says so once
// (spec: missing timezone data falls back to the browser offset with a console warning).

/** The site context's time zone data. */
export interface SiteTimeZone {
  readonly name?: string | null;
  readonly offset?: number | null;
}

export const MISSING_TIME_ZONE_WARNING = 'Missing timezone data: dates are shown in the browser time zone.';

let warned = false;

/** Whether Intl knows this zone name. */
function knownZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The Intl option that writes dates in the site's zone; none (the browser's offset) without zone data, with a warning. */
export function siteTimeZoneOption(zone: SiteTimeZone | null | undefined, warn: (message: string) => void = console.warn): { timeZone?: string } {
  if (zone?.name && knownZone(zone.name)) return { timeZone: zone.name };
  if (!warned) {
    warned = true;
    warn(MISSING_TIME_ZONE_WARNING);
  }
  return {};
}

/** Forgets that the warning was given (tests). */
export function resetTimeZoneWarning(): void {
  warned = false;
}
