// The storefront's event bus (storefront.md section 7, "site-visitor tracking events"): islands
// publish what the shopper does (product page visit, add to cart, view cart, remove from cart,
// related products, reviews tab and anchor clicks, lesson, paywall and join events); the analytics
// forwarder and any configured tag manager or pixel subscribe. A failing subscriber is ignored, so
// tracking can never break a purchase.
import type { StorefrontEvent, StorefrontEventBus, VisitorEventName } from './collectors/visitor-events.js';

export type { StorefrontEvent, VisitorEventName };

type Handler = (event: StorefrontEvent) => void;

/**
 * Subscribers usually load after the first events (the analytics forwarder is its own chunk), so
 * the latest events are kept and replayed to each new subscriber; the bound keeps a long visit small.
 */
const REPLAY_LIMIT = 20;

export interface EventBus extends StorefrontEventBus {
  publish(name: VisitorEventName | (string & {}), payload?: StorefrontEvent['payload']): void;
  subscribe(handler: Handler): () => void;
}

export function createEventBus(replayLimit = REPLAY_LIMIT): EventBus {
  const handlers = new Set<Handler>();
  const recent: StorefrontEvent[] = [];

  const deliver = (handler: Handler, event: StorefrontEvent) => {
    try {
      handler(event);
    } catch {
      // a subscriber's failure is its own; the shopper's action goes on
    }
  };

  return {
    publish(name, payload) {
      const event: StorefrontEvent = payload === undefined ? { name } : { name, payload };
      recent.push(event);
      if (recent.length > replayLimit) recent.shift();
      for (const handler of [...handlers]) deliver(handler, event);
    },
    subscribe(handler) {
      handlers.add(handler);
      for (const event of recent) deliver(handler, event);
      return () => {
        handlers.delete(handler);
      };
    },
  };
}

/** The page's one bus, shared by every island of the page. */
export const events: EventBus = createEventBus();
