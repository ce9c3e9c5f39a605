/**
 * The tracking page of the common carriers, for a fulfilment given a carrier and a tracking
 * number but no tracking URL. The carrier is matched by name, in any case ("ups", "FedEx");
 * another carrier gets no link unless the owner gives one.
 */
const CARRIERS: readonly { pattern: RegExp; url: (n: string) => string }[] = [
  { pattern: /^ups$/i, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { pattern: /^usps$/i, url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  { pattern: /^fed\s*ex$/i, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { pattern: /^dhl$/i, url: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}` },
];

export function trackingUrlOf(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const known = CARRIERS.find((c) => c.pattern.test(carrier.trim()));
  return known ? known.url(encodeURIComponent(trackingNumber.trim())) : null;
}

/** A tracking URL the owner typed: an absolute http(s) address, nothing a mail client would run. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
