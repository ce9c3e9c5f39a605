// React's view of the shared cart store.
import { useSyncExternalStore } from 'react';
import { type CartState, type CartStore, cartStore } from './cart-store.js';

export function useCart(store: CartStore = cartStore): CartState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
