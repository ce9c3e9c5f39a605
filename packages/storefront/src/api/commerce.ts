// The store's calls (docs/commerce-api.md) on the one API client of @tessera/core: the cart, stock,
// checkout, subscriptions, installments. Each resolves with the data or an ApiError whose message is
// the spec's (storefront.md section 8); none throws.
import { type ApiOptions, type ApiResult, createApi } from '@tessera/core/api-client';
import type { CartEntry, CheckoutRequest, PlacedOrder, ShippingLocation, ShoppingCart, StockResult } from './types.js';

export function createCommerceApi(options: ApiOptions = {}) {
  const api = createApi(options);
  const cartPath = '/api/commerce/shopping-cart';
  const entry = (id: string) => `${cartPath}/entries/${encodeURIComponent(id)}`;
  const withToken = (path: string, cartToken?: string) => (cartToken ? `${path}?cartToken=${encodeURIComponent(cartToken)}` : path);
  type CartAnswer = { shoppingCart: ShoppingCart };
  type EntryAnswer = CartAnswer & { updatedEntry: CartEntry };

  return {
    /** `GET /api/commerce/shopping-cart` (a token cart with `cartToken`; the site's empty cart with `mock`). */
    cart: (query: { cartToken?: string; mock?: boolean } = {}) => {
      const params = new URLSearchParams({ timecode: String(Date.now()) });
      if (query.cartToken) params.set('cartToken', query.cartToken);
      if (query.mock) params.set('mock', 'true');
      return api<ShoppingCart>('GET', `${cartPath}?${params}`);
    },
    /** `POST /api/commerce/shopping-cart/entries`. */
    addEntry: (body: { itemId: string; sku?: string; quantity: number; additionalFields?: string }) =>
      api<CartAnswer & { newlyAdded: CartEntry }>('POST', `${cartPath}/entries`, body),
    updateQuantity: (entryId: string, quantity: number) => api<EntryAnswer>('PUT', `${entry(entryId)}/quantity`, { quantity }),
    updateAdditionalFields: (entryId: string, body: { itemId: string; sku: string; additionalFields: string }) =>
      api<EntryAnswer>('PUT', `${entry(entryId)}/additionalFields`, body),
    removeEntry: (entryId: string) => api<CartAnswer>('DELETE', entry(entryId)),
    addCoupon: (code: string, cartToken?: string) => api<CartAnswer>('POST', withToken(`${cartPath}/coupons`, cartToken), { code }),
    removeCoupon: (code: string, cartToken?: string) => api<CartAnswer>('DELETE', withToken(`${cartPath}/coupons/${encodeURIComponent(code)}`, cartToken)),
    setShippingLocation: (location: ShippingLocation, cartToken?: string) =>
      api<CartAnswer>('PUT', withToken(`${cartPath}/shipping-location`, cartToken), location),
    setShippingOption: (shippingOptionId: string | null, cartToken?: string) =>
      api<CartAnswer>('PUT', withToken(`${cartPath}/shipping-option`, cartToken), { shippingOptionId }),
    /** `POST /api/3/commerce/cart/subscription`: a cart of its own for one subscription. */
    subscriptionCart: (body: { itemId: string; sku?: string; qty: number; additionalFields?: string }) =>
      api<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', body),
    /** `GET /api/commerce/inventory/stock/?itemId=`. */
    stock: (itemId: string) => api<{ results: StockResult[] }>('GET', `/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`),
    /** `POST /api/commerce/checkout` with the attempt's Idempotency-Key. */
    checkout: (body: CheckoutRequest, idempotencyKey: string) =>
      api<PlacedOrder>('POST', '/api/commerce/checkout', body, { 'Idempotency-Key': idempotencyKey }),
    /**
     * The installment provider's information: plain HTML written for Tessera, by locale. Not JSON,
     * so not a call of the API client: a plain read, null when it fails.
     */
    installmentInfo: async (provider: string, locale: string): Promise<string | null> => {
      try {
        const doFetch = (options.fetch ?? globalThis.fetch) as typeof fetch;
        const res = await doFetch(`/api/commerce/installments/${encodeURIComponent(provider)}/${encodeURIComponent(locale)}`, { credentials: 'same-origin' });
        return res.ok ? await res.text() : null;
      } catch {
        return null;
      }
    },
    /** A product page's context (`?format=json`): the additional-fields form of a cart entry's product. */
    productForm: async (fullUrl: string): Promise<ApiResult<Record<string, unknown> | null>> => {
      const answer = await api<{ item?: { structuredContent?: { additionalFieldsForm?: Record<string, unknown> | null } } }>('GET', `${fullUrl}?format=json`);
      return answer.ok ? { ...answer, data: answer.data?.item?.structuredContent?.additionalFieldsForm ?? null } : answer;
    },
  };
}

export type CommerceApi = ReturnType<typeof createCommerceApi>;
