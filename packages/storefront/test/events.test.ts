import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../src/events.js';

describe('storefront event bus', () => {
  it('delivers published events to subscribers and replays recent ones to late subscribers', () => {
    const bus = createEventBus(2);
    bus.publish('product-page-visit', { objectIdentifier: 'item-1' });
    bus.publish('add-to-cart', { objectIdentifier: 'item-1' });
    bus.publish('view-cart');
    const seen: string[] = [];
    bus.subscribe((e) => seen.push(e.name));
    expect(seen).toEqual(['add-to-cart', 'view-cart']);
    bus.publish('remove-from-cart', { objectIdentifier: 'item-1' });
    expect(seen).toEqual(['add-to-cart', 'view-cart', 'remove-from-cart']);
  });

  it('ignores a failing subscriber and keeps delivering to the others', () => {
    const bus = createEventBus();
    const good = vi.fn();
    bus.subscribe(() => {
      throw new Error('pixel failed');
    });
    bus.subscribe(good);
    expect(() => bus.publish('add-to-cart', { objectIdentifier: 'x' })).not.toThrow();
    expect(good).toHaveBeenCalledWith({ name: 'add-to-cart', payload: { objectIdentifier: 'x' } });
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createEventBus();
    const handler = vi.fn();
    const off = bus.subscribe(handler);
    off();
    bus.publish('view-cart');
    expect(handler).not.toHaveBeenCalled();
  });
});
