// The page's one cart store, shared by every island (the add-to-cart buttons, the pill cart, the
// header indicator, the cart and checkout pages): after any change every indicator agrees. A tiny
// external store, framework-free so that the indicators need no React; React islands read it with
// useSyncExternalStore (use-cart.ts).
import type { CommerceApi } from '../../api/commerce.js';
import type { ShoppingCart } from '../../api/types.js';

export interface CartState {
  /** The visitor's cart as the server last answered it; null until known. */
  readonly cart: ShoppingCart | null;
  /** The server is recomputing the cart (a write in flight): totals are not final. */
  readonly recalculating: boolean;
  /** A read of the cart is in flight. */
  readonly loading: boolean;
}

type Listener = () => void;

export function createCartStore() {
  let state: CartState = { cart: null, recalculating: false, loading: false };
  const listeners = new Set<Listener>();
  let pending = 0;
  let load: Promise<ShoppingCart | null> | null = null;

  const set = (next: Partial<CartState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };

  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** The server's newest answer. */
    setCart(cart: ShoppingCart) {
      set({ cart });
    },
    /** Reads the cart once (later calls share the read) unless it is known already. */
    ensure(api: CommerceApi): Promise<ShoppingCart | null> {
      if (state.cart) return Promise.resolve(state.cart);
      if (!load) {
        set({ loading: true });
        load = api.cart().then((answer) => {
          load = null;
          if (answer.ok) set({ cart: answer.data, loading: false });
          else set({ loading: false });
          return answer.ok ? answer.data : null;
        });
      }
      return load;
    },
    /**
     * Runs a cart write: the recalculation starts with it and ends when the last write is answered
     * (storefront.md section 4); an answer carrying the cart becomes the store's cart.
     */
    async write<T extends { ok: boolean }>(run: () => Promise<T>, cartOf: (answer: T) => ShoppingCart | undefined): Promise<T> {
      pending++;
      set({ recalculating: true });
      try {
        const answer = await run();
        const cart = answer.ok ? cartOf(answer) : undefined;
        pending--;
        set({ recalculating: pending > 0, ...(cart ? { cart } : {}) });
        return answer;
      } catch (error) {
        pending--;
        set({ recalculating: pending > 0 });
        throw error;
      }
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

/** The page's store: every island chunk imports this module, which the bundle loads once. */
export const cartStore: CartStore = createCartStore();

/** How many of an item and variant the cart holds (the stock rules count them). */
export function quantityInCart(cart: ShoppingCart | null, itemId: string, sku: string | undefined): number {
  if (!cart) return 0;
  return cart.entries.filter((e) => e.itemId === itemId && (sku === undefined || e.chosenVariant.sku === sku)).reduce((n, e) => n + e.quantity, 0);
}
