// Entry: visitor events from the storefront's event bus, forwarded to the trackers (platform.md
// section 7: "a visitor event client for commerce events"). Commerce events go to the v2
// event client; lesson, paywall and join events, which concern members, to the legacy tracker
// whose payload carries the member's account and locale.
import { COMMERCE_EVENTS, MEMBER_EVENTS } from '@tessera/core/constants';
import { type EventProperties, eventRecord, legacyPayload, trackEvent, trackLegacyEvent } from './trackers.js';
import { type Visit, isEventTracked } from './visit.js';

export type VisitorEventName = keyof typeof COMMERCE_EVENTS | keyof typeof MEMBER_EVENTS;

export interface StorefrontEvent {
  readonly name: string;
  /** objectIdentifier, destinationUrl and variantId have meaning; other scalars ride along. */
  readonly payload?: EventProperties;
}

/** The part of the storefront's event bus the collectors use. */
export interface StorefrontEventBus {
  subscribe(handler: (event: StorefrontEvent) => void): unknown;
}

const own = (table: object, name: string): string | undefined => (Object.hasOwn(table, name) ? (table as Record<string, string>)[name] : undefined);

/** Sends one bus event to its tracker; resolves false for an event the collectors do not track. */
export function forwardEvent(visit: Visit, { name, payload = {} }: StorefrontEvent): Promise<boolean> {
  const commerce = own(COMMERCE_EVENTS, name);
  const member = own(MEMBER_EVENTS, name);
  if ((!commerce && !member) || !isEventTracked(visit.context)) return Promise.resolve(false);
  const sent = commerce
    ? trackEvent(commerce, eventRecord(visit, commerce, payload))
    : trackLegacyEvent(member!, scalarFields(payload), legacyPayload(visit, payload.variantId));
  // tracking failures are silently ignored on the page
  return sent.then(
    () => true,
    () => false,
  );
}

/** The legacy tracker's extra form fields: the payload's scalar values. */
function scalarFields(payload: EventProperties): Record<string, string | number | boolean> {
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return fields;
}

export function forwardVisitorEvents(visit: Visit, bus: StorefrontEventBus): void {
  bus.subscribe((event) => void forwardEvent(visit, event));
}
