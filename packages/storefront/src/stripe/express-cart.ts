// The cart page's express purchase: the visitor's cart, whose totals the server keeps. The
// wallet's address and shipping rate go through the cart's own calls (shipping location, shipping
// option), so the amount the wallet shows is the cart's grand total with them.
import type { CommerceApi } from '../api/commerce.js';
import type { ShoppingCart } from '../api/types.js';
import type { CartStore } from '../islands/shared/cart-store.js';
import type { ExpressPurchase, ExpressQuote, WalletRate } from './ExpressCheckout.js';

/** The cart's options as the wallet's rates, the chosen one first (the wallet starts on the first). */
function ratesOf(cart: ShoppingCart, first: string | undefined): WalletRate[] {
  const rates = cart.shippingOptions.map((o) => ({ id: o.id, displayName: o.name, amount: o.costCents }));
  const at = rates.findIndex((r) => r.id === first);
  return at > 0 ? [rates[at]!, ...rates.slice(0, at), ...rates.slice(at + 1)] : rates;
}

export function cartPurchase(api: CommerceApi, store: CartStore): ExpressPurchase {
  const write = async (run: () => ReturnType<CommerceApi['setShippingOption']>): Promise<ShoppingCart | null> => {
    const answer = await store.write(run, (a) => (a.ok ? a.data.shoppingCart : undefined));
    return answer.ok ? answer.data.shoppingCart : null;
  };
  const quote = (cart: ShoppingCart): ExpressQuote => {
    const rates = ratesOf(cart, cart.selectedShippingOption?.id);
    // Before an option is chosen, the wallet shows the first one's cost on top of the cart's total.
    const extra = cart.requiresShipping && !cart.selectedShippingOption ? (rates[0]?.amount ?? 0) : 0;
    return { amountCents: cart.grandTotalCents + extra, rates };
  };
  return {
    get ships() {
      return store.getState().cart?.requiresShipping ?? false;
    },
    async start() {
      const cart = store.getState().cart;
      return cart ? quote(cart) : { problem: '' };
    },
    async address(location) {
      let cart = await write(() => api.setShippingLocation(location));
      if (!cart) return null;
      // The option the wallet will show first is the cart's chosen one, else its first.
      const chosen = cart.shippingOptions.find((o) => o.id === cart!.selectedShippingOption?.id) ?? cart.shippingOptions[0];
      if (chosen && cart.selectedShippingOption?.id !== chosen.id) cart = await write(() => api.setShippingOption(chosen.id));
      return cart ? quote(cart) : null;
    },
    async rate(id) {
      const cart = await write(() => api.setShippingOption(id));
      return cart ? cart.grandTotalCents : null;
    },
    what: () => ({}),
  };
}
