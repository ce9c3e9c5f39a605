// The page-speed record (platform.md section 3, "Performance record" and "Page-speed data").
import { ANALYTICS, isValidTiming } from '@tessera/core/constants';
import { type CollectorContext, pageContextFields } from './context.js';
import { readAnalyticsId, readMarketingId } from './session.js';

/** The performance record every page-speed and image record is wrapped in. */
export interface PerformanceRecord {
  readonly app: string;
  readonly event: string;
  readonly pageLoadId: string;
  readonly timestamp: number;
  readonly data: object;
}

export const RECORD_APP = 'tessera-storefront';

/** Keeps the timings that are numbers, not negative and at most 2147483647; drops the rest. */
export function validTimings(timings: Record<string, unknown>): Record<string, number> {
  const kept: Record<string, number> = {};
  for (const name in timings) if (isValidTiming(timings[name])) kept[name] = timings[name] as number;
  return kept;
}

/** Timings of the document's navigation entry; empty where the browser has none. */
function navigationTimings(): Record<string, number> {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (!nav) return {};
  const tls = nav.secureConnectionStart > 0;
  return {
    decodedBodySize: nav.decodedBodySize,
    domainLookup: nav.domainLookupEnd - nav.domainLookupStart,
    domContentLoadedEventStart: nav.domContentLoadedEventStart,
    domContentLoadedEventEnd: nav.domContentLoadedEventEnd,
    encodedBodySize: nav.encodedBodySize,
    loadEventStart: nav.loadEventStart,
    loadEventEnd: nav.loadEventEnd,
    responseStart: nav.responseStart,
    tcpConnection: (tls ? nav.secureConnectionStart : nav.connectEnd) - nav.connectStart,
    // without TLS there is no negotiation to time
    tlsNegotiation: tls ? nav.connectEnd - nav.secureConnectionStart : undefined,
  } as Record<string, number>;
}

/** User-timing marks of the page whose names start with `rum-`, by name. */
function userTimings(): Record<string, unknown> {
  const marks: Record<string, unknown> = {};
  for (const mark of performance.getEntriesByType?.('mark') ?? []) {
    if (mark.name.startsWith(ANALYTICS.userTimingPrefix)) marks[mark.name] = mark.startTime;
  }
  return marks;
}

interface NetworkInformation {
  readonly downlink?: number;
  readonly effectiveType?: string;
  readonly rtt?: number;
  readonly saveData?: boolean;
}

/** The page-speed data; metrics are the web-vitals values observed so far. */
export function pageSpeedData(context: CollectorContext, metrics: Record<string, number>): object {
  const nav = navigator as Navigator & { connection?: NetworkInformation; deviceMemory?: number };
  const connection = nav.connection;
  const restrictive = context.cookieSettings?.restrictive;
  return {
    context: pageContextFields(context),
    analyticsId: restrictive ? undefined : readAnalyticsId(),
    marketingId: restrictive ? undefined : readMarketingId(),
    memberId: context.memberId,
    version: ANALYTICS.collectorVersion,
    connection: connection && {
      downlink: connection.downlink,
      effectiveType: connection.effectiveType,
      rtt: connection.rtt,
      saveData: connection.saveData,
    },
    deliveryType: typeof navigator.sendBeacon === 'function' ? 'beacon' : 'xhr',
    display: {
      devicePixelRatio,
      screenWidth: screen.width,
      screenHeight: screen.height,
      viewportWidth: innerWidth,
      viewportHeight: innerHeight,
    },
    hardware: { deviceMemory: nav.deviceMemory, hardwareConcurrency: nav.hardwareConcurrency },
    hash: location.hash,
    hostname: location.hostname,
    pathname: location.pathname,
    timings: validTimings({ ...navigationTimings(), ...metrics }),
    userTimings: validTimings(userTimings()),
  };
}
