// The storefront's API client: one factory (STYLE.md, "a typed API client made by one factory"),
// shared by every island and page. Every call is same-origin, state-changing calls carry the
// CSRF crumb from the `crumb` cookie in X-CSRF-Token, and no call throws: each resolves with the
// data or with a failure whose message is the spec's (storefront.md section 8), worded by core.
import { CART_MESSAGES, cartEntryFailureMessage } from '@tessera/core/cart';
import type { CartEntry, CheckoutRequest, PlacedOrder, ShippingLocation, ShoppingCart, StockResult } from './types.js';

export interface ApiFailure {
  readonly ok: false;
  readonly status: number;
  /** The error registry's code (docs/errors.md), or null (a network failure, an unreadable body). */
  readonly code: string | null;
  /** What to show the shopper. */
  readonly message: string;
  /** Field id -> message, for 400 VALIDATION_FAILED. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The request may not have reached the server: retrying it is safe only with the same key. */
  readonly network: boolean;
}

export type ApiResult<T> = { readonly ok: true; readonly status: number; readonly data: T } | ApiFailure;

export interface ApiOptions {
  /** The CSRF crumb (window.Tessera.crumb); read from the `crumb` cookie by default. */
  readonly crumb?: () => string | null;
  readonly fetch?: typeof fetch;
  /** Whether the browser keeps cookies (a crumb failure then means "enable cookies"). */
  readonly cookiesEnabled?: () => boolean;
}

export function crumbFromCookie(): string | null {
  const match = /(?:^|;\s*)crumb=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function createApi(options: ApiOptions = {}) {
  const crumb = options.crumb ?? crumbFromCookie;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const cookiesEnabled = options.cookiesEnabled ?? (() => navigator.cookieEnabled);

  async function call<T>(method: Method, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') {
      const token = crumb();
      if (token) headers['X-CSRF-Token'] = token;
    }
    let res: Response;
    try {
      res = await doFetch(path, { method, credentials: 'same-origin', headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    } catch {
      return { ok: false, status: 0, code: null, message: CART_MESSAGES.checkInternetConnection, fieldErrors: {}, network: true };
    }
    let parsed: unknown = null;
    try {
      parsed = await res.json();
    } catch {
      parsed = null;
    }
    if (res.ok) return { ok: true, status: res.status, data: parsed as T };
    const err = (parsed ?? {}) as { error?: unknown; code?: unknown; errors?: unknown; crumbFail?: unknown };
    return {
      ok: false,
      status: res.status,
      code: typeof err.code === 'string' ? err.code : null,
      message: cartEntryFailureMessage({
        status: res.status,
        crumbFail: err.crumbFail === true,
        cookiesEnabled: cookiesEnabled(),
        message: typeof err.error === 'string' ? err.error : undefined,
      }),
      fieldErrors: err.errors && typeof err.errors === 'object' ? (err.errors as Record<string, string>) : {},
      // A server error other than a failed payment leaves the outcome open, as a lost answer does.
      network: res.status >= 500 && res.status !== 502,
    };
  }

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
      return call<ShoppingCart>('GET', `${cartPath}?${params}`);
    },
    /** `POST /api/commerce/shopping-cart/entries`. */
    addEntry: (body: { itemId: string; sku?: string; quantity: number; additionalFields?: string }) =>
      call<CartAnswer & { newlyAdded: CartEntry }>('POST', `${cartPath}/entries`, body),
    updateQuantity: (entryId: string, quantity: number) => call<EntryAnswer>('PUT', `${entry(entryId)}/quantity`, { quantity }),
    updateAdditionalFields: (entryId: string, body: { itemId: string; sku: string; additionalFields: string }) =>
      call<EntryAnswer>('PUT', `${entry(entryId)}/additionalFields`, body),
    removeEntry: (entryId: string) => call<CartAnswer>('DELETE', entry(entryId)),
    addCoupon: (code: string, cartToken?: string) => call<CartAnswer>('POST', withToken(`${cartPath}/coupons`, cartToken), { code }),
    removeCoupon: (code: string, cartToken?: string) =>
      call<CartAnswer>('DELETE', withToken(`${cartPath}/coupons/${encodeURIComponent(code)}`, cartToken)),
    setShippingLocation: (location: ShippingLocation, cartToken?: string) =>
      call<CartAnswer>('PUT', withToken(`${cartPath}/shipping-location`, cartToken), location),
    setShippingOption: (shippingOptionId: string | null, cartToken?: string) =>
      call<CartAnswer>('PUT', withToken(`${cartPath}/shipping-option`, cartToken), { shippingOptionId }),
    /** `POST /api/3/commerce/cart/subscription`: a cart of its own for one subscription. */
    subscriptionCart: (body: { itemId: string; sku?: string; qty: number; additionalFields?: string }) =>
      call<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', body),
    /** `GET /api/commerce/inventory/stock/?itemId=`. */
    stock: (itemId: string) => call<{ results: StockResult[] }>('GET', `/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`),
    /** `POST /api/commerce/checkout` with the attempt's Idempotency-Key. */
    checkout: (body: CheckoutRequest, idempotencyKey: string) =>
      call<PlacedOrder>('POST', '/api/commerce/checkout', body, { 'Idempotency-Key': idempotencyKey }),
    /** The installment provider's information, plain HTML written for Tessera, by locale. */
    installmentInfo: async (provider: string, locale: string): Promise<string | null> => {
      try {
        const res = await doFetch(`/api/commerce/installments/${encodeURIComponent(provider)}/${encodeURIComponent(locale)}`, { credentials: 'same-origin' });
        return res.ok ? await res.text() : null;
      } catch {
        return null;
      }
    },
    /** A product page's context (`?format=json`): the additional-fields form of a cart entry's product. */
    productForm: async (fullUrl: string): Promise<ApiResult<Record<string, unknown> | null>> => {
      const answer = await call<{ item?: { structuredContent?: { additionalFieldsForm?: Record<string, unknown> | null } } }>('GET', `${fullUrl}?format=json`);
      return answer.ok ? { ...answer, data: answer.data?.item?.structuredContent?.additionalFieldsForm ?? null } : answer;
    },
  };
}

export type Api = ReturnType<typeof createApi>;
