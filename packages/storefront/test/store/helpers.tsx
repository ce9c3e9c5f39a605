// Shared pieces of the store islands' component tests: products rendered by Tessera's engine
// (the markup the islands take over on a real page), carts as the API answers them, and the API
// client on a fake network that keeps every request that left the page.
import { compile } from '@tessera/template';
import { createCommerceApi as createApi } from '../../src/api/commerce.js';
import type { CartEntry, ShoppingCart } from '../../src/api/types.js';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

type Answer = Response | 'network-error';
type Handler = (request: Sent) => Answer | Promise<Answer>;

/**
 * The page's network, by method and path (queries aside): each call gets the next queued answer,
 * then the standing one; every request that left the page is kept with its parsed body.
 */
export function network() {
  const sent: Sent[] = [];
  const queued = new Map<string, Handler[]>();
  const standing = new Map<string, Handler>();
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init.method ?? 'GET';
    const request: Sent = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const key = `${method} ${url.pathname}`;
    const handler = queued.get(key)?.shift() ?? standing.get(key);
    const answer = handler ? await handler(request) : json(404, { error: 'Not found.', code: 'NOT_FOUND' });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return answer;
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    sent,
    /** The next calls get these answers, in order. */
    on(method: string, path: string, ...handlers: Handler[]) {
      queued.set(`${method} ${path}`, [...(queued.get(`${method} ${path}`) ?? []), ...handlers]);
      return this;
    },
    /** Every call gets this answer once the queue is empty. */
    always(method: string, path: string, handler: Handler) {
      standing.set(`${method} ${path}`, handler);
      return this;
    },
    to(method: string, path: string) {
      return sent.filter((r) => r.method === method && r.path === path);
    },
  };
}

export type Network = ReturnType<typeof network>;

/** An answer that waits until the test lets it go. */
export function held(answer: () => Answer) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { handler: (() => gate.then(answer)) as Handler, release: () => release() };
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface VariantSpec {
  sku: string;
  attributes?: Record<string, string>;
  price?: number;
  stock?: number;
  unlimited?: boolean;
  image?: string;
}

let ids = 0;

/** A product item as the page context holds it (docs/site-format.md, "structuredContent"). */
export function productItem(spec: {
  id?: string;
  title?: string;
  productType?: number;
  options?: string[];
  variants: VariantSpec[];
  subscribable?: boolean;
  customLabel?: string;
  form?: Record<string, unknown>;
}) {
  const variants = spec.variants.map((v) => ({
    id: `var-${v.sku}`,
    sku: v.sku,
    attributes: v.attributes ?? {},
    optionValues: Object.entries(v.attributes ?? {}).map(([optionName, value]) => ({ optionName, value })),
    price: v.price ?? 2800,
    salePrice: 0,
    priceMoney: { value: ((v.price ?? 2800) / 100).toFixed(2), currency: 'USD' },
    salePriceMoney: { value: '0.00', currency: 'USD' },
    onSale: false,
    unlimited: v.unlimited ?? false,
    qtyInStock: v.stock ?? 10,
    mainImage: v.image ? { assetUrl: v.image, altText: `The ${v.sku}` } : null,
  }));
  return {
    id: spec.id ?? `item-${++ids}`,
    collectionId: 'shop',
    title: spec.title ?? 'Stoneware Mug',
    structuredContent: {
      productType: spec.productType ?? 1,
      variantOptionOrdering: spec.options ?? [],
      variants,
      isSubscribable: spec.subscribable ?? false,
      subscriptionPlan: spec.subscribable ? { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 } : null,
      useCustomAddButtonText: spec.customLabel !== undefined,
      customAddButtonText: spec.customLabel ?? '',
      additionalFieldsFormId: spec.form ? String(spec.form.id) : null,
      additionalFieldsForm: spec.form ?? null,
    },
  };
}

const PURCHASE = compile(
  '{.section item}<article class="product" data-item-id="{id}"><h1>{title}</h1>' +
    '<div class="product-gallery" data-product-gallery><ul class="product-gallery__list">' +
    '<li class="product-gallery__item" data-image-url="/assets/first.svg?v=1"><img src="/assets/first.svg?v=1" alt="First"></li>' +
    '<li class="product-gallery__item" data-image-url="/assets/sand.svg?v=2"><img src="/assets/sand.svg?v=2" alt="Sand" loading="lazy"></li>' +
    '</ul></div>{@|variants-select}{@|quantity-input}{@|add-to-cart-btn}</article>{.end}',
);

/** The product block as the engine's snippets render it, placed in the document; its button. */
export function renderProduct(item: ReturnType<typeof productItem>): HTMLElement {
  const result = PURCHASE.render({ item });
  if (result.errors.length > 0) throw new Error(result.errors.map((e) => e.message).join('\n'));
  document.body.innerHTML = `<main>${result.output}</main>`;
  return document.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
}

export function entry(over: Partial<CartEntry> & { id: string }): CartEntry {
  return {
    itemId: `item-${over.id}`,
    quantity: 1,
    chosenVariant: { sku: `SKU-${over.id}`, attributes: {} },
    title: `Thing ${over.id}`,
    subTotalCents: 2800,
    purchasePriceCents: 2800,
    productType: 1,
    additionalFields: null,
    fullUrl: `/shop/${over.id}`,
    image: null,
    ...over,
  };
}

export function cart(entries: CartEntry[], over: Partial<ShoppingCart> = {}): ShoppingCart {
  const subtotal = entries.reduce((n, e) => n + e.subTotalCents, 0);
  return {
    id: 'cart-1',
    isPurchased: false,
    entries,
    shippingOptions: [{ id: 'standard', name: 'Standard', priceCents: 600, freeOverCents: 7500, costCents: 600 }],
    selectedShippingOption: null,
    shippingLocation: null,
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    subtotalCents: subtotal,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotal,
    totalQuantity: entries.reduce((n, e) => n + e.quantity, 0),
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: entries.some((e) => e.productType === 1),
    currency: 'USD',
    ...over,
  };
}

/** The API client on a fake network: crumb `crumb-1`, cookies on unless told otherwise. */
export function apiOn(server: Network, options: { cookiesEnabled?: boolean } = {}) {
  return createApi({ crumb: () => 'crumb-1', fetch: server.fetch, cookiesEnabled: () => options.cookiesEnabled ?? true });
}

export const format = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Lets pending promises and React's updates run. */
export async function flush(times = 3): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}
