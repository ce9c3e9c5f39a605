// Entry: visitor events from the storefront's event bus, forwarded to the trackers (platform.md
// section 7: "a visitor event client for commerce events"). Commerce events go to the v2
// event client; lesson, paywall and join events, which concern members, to the legacy tracker
// whose payload carries the member's account and locale.
import { type EventProperties, eventRecord, legacyPayload, trackEvent, trackLegacyEvent } from './trackers.js';
import { type Visit, isEventTracked } from './visit.js';

/** Names the storefront's event bus publishes, mapped to the tracked event names. */
export const COMMERCE_EVENTS = {
  'product-page-visit': 'visit_product_page',
  'add-to-cart': 'add_to_cart',
  'view-cart': 'view_cart',
  'remove-from-cart': 'remove_from_cart',
  'related-product-display': 'related_product_display',
  'related-product-click': 'related_product_click',
  'related-product-add': 'related_product_add_to_cart',
  'reviews-tab-click': 'reviews_tab_click',
  'reviews-anchor-click': 'reviews_anchor_click',
} as const;

export const MEMBER_EVENTS = {
  'lesson-view': 'lesson_view',
  'lesson-complete': 'lesson_complete',
  'paywall-view': 'paywall_view',
  'paywall-click': 'paywall_click',
  'join-click': 'join_click',
  'join-complete': 'join_complete',
} as const;

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

const own = (table: object, name: string): string | undefined =>
  Object.hasOwn(table, name) ? (table as Record<string, string>)[name] : undefined;

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
