// The owner's marketing tags, loaded only after the consent rule allows them (index.ts): the tag
// manager's container script and data layer, and the ad pixel's script and its calls. Each script
// comes from the address the server names (its documented host; a local stand-in in the tests), which
// the page's Content-Security-Policy allows only on a site that configured it.
import { FORM_EVENTS } from '@tessera/core/markup';
import type { StorefrontEvent } from '../events.js';

export interface MarketingContext {
  readonly tagManager?: { readonly id: string; readonly src: string };
  readonly pixel?: { readonly id: string; readonly src: string };
  readonly privacyUrl?: string;
}

type Pixel = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: unknown;
  loaded: boolean;
  version: string;
};

interface MarketingWindow {
  dataLayer?: unknown[];
  fbq?: Pixel;
  _fbq?: Pixel;
}

const win = () => window as unknown as MarketingWindow;

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** The data layer the container reads; the container starts from its `gtm.js` event. */
function dataLayer(): unknown[] {
  const w = win();
  w.dataLayer ??= [];
  return w.dataLayer;
}

export function loadTagManager(tag: NonNullable<MarketingContext['tagManager']>): void {
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addScript(tag.src);
}

/**
 * The pixel's documented global: calls made before its script arrives wait in its queue, which the
 * script replays; then it takes the calls itself (callMethod).
 */
function pixel(): Pixel {
  const w = win();
  if (w.fbq) return w.fbq;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Pixel;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  w.fbq = fbq;
  w._fbq ??= fbq;
  return fbq;
}

export function loadPixel(tag: NonNullable<MarketingContext['pixel']>): void {
  const fbq = pixel();
  addScript(tag.src);
  fbq('init', tag.id);
  fbq('track', 'PageView');
}

/** A storefront event as the pixel's standard event, for those it has: a product's page, an add to cart. */
export function pixelEvent(event: StorefrontEvent): [string, Record<string, unknown>] | undefined {
  const p = (event.payload ?? {}) as Record<string, unknown>;
  const id = typeof p.objectIdentifier === 'string' ? p.objectIdentifier : '';
  if (!id) return undefined;
  if (event.name === 'product-page-visit') return ['ViewContent', { content_ids: [id], content_type: 'product' }];
  if (event.name === 'add-to-cart' || event.name === 'related-product-add') {
    const quantity = typeof p.quantity === 'number' ? p.quantity : 1;
    const sku = typeof p.sku === 'string' && p.sku ? p.sku : undefined;
    return ['AddToCart', { content_ids: [id], content_type: 'product', contents: [{ id: sku ?? id, quantity }] }];
  }
  return undefined;
}

export function trackPixel(event: StorefrontEvent): void {
  const call = pixelEvent(event);
  if (call) pixel()('track', ...call);
}

interface OrderLine {
  itemId: string;
  title: string;
  quantity: number;
  chosenVariant?: { sku?: string };
  unitPriceMoney?: { value: string };
}
export interface OrderForPurchase {
  id: string;
  orderNumber: number | string;
  grandTotalMoney: { value: string; currency: string };
  lines: OrderLine[];
}

/** The tag manager's ecommerce purchase of an order (its documented fields; money in major units). */
export function purchaseEvent(order: OrderForPurchase) {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: String(order.orderNumber),
      value: Number(order.grandTotalMoney.value),
      currency: order.grandTotalMoney.currency,
      items: order.lines.map((l) => ({
        item_id: l.chosenVariant?.sku || l.itemId,
        item_name: l.title,
        price: Number(l.unitPriceMoney?.value ?? 0),
        quantity: l.quantity,
      })),
    },
  };
}

const SENT_KEY = 'tessera.marketing.purchases';
/** Orders remembered as sent: a visitor's recent ones are enough to survive reloads of their confirmation pages. */
const SENT_LIMIT = 50;

/**
 * Marks an order as sent; false when it was already, or when the mark cannot be kept (storage
 * blocked): then nothing is sent, since a reload would send it again.
 */
export function markPurchaseSent(orderId: string, storage: Storage | undefined = safeLocalStorage()): boolean {
  if (!storage) return false;
  try {
    const sent = JSON.parse(storage.getItem(SENT_KEY) ?? '[]') as unknown;
    const list = Array.isArray(sent) ? sent.filter((v): v is string => typeof v === 'string') : [];
    if (list.includes(orderId)) return false;
    storage.setItem(SENT_KEY, JSON.stringify([...list, orderId].slice(-SENT_LIMIT)));
    return true;
  } catch {
    return false;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The order of the confirmation page this is, read from the page's own context (`?format=json`, same token). */
async function confirmedOrder(): Promise<OrderForPurchase | null> {
  const url = new URL(location.href);
  url.searchParams.set('format', 'json');
  const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) return null;
  const context = (await res.json()) as { order?: OrderForPurchase | null };
  return context.order ?? null;
}

/**
 * A site form's tracking event (`tessera:track`, FORM_EVENTS): a newsletter signup goes to the data
 * layer as `subscribe-newsletter` with its form, and to the pixel as its standard Lead.
 */
export function trackFormEvents(target: EventTarget, tags: { tagManager: boolean; pixel: boolean }): void {
  target.addEventListener(FORM_EVENTS.track, (event) => {
    const detail = (event as CustomEvent<{ name?: string; payload?: { formId?: string } }>).detail;
    if (detail?.name !== FORM_EVENTS.subscribeNewsletter) return;
    const formId = detail.payload?.formId ?? '';
    if (tags.tagManager) dataLayer().push({ event: FORM_EVENTS.subscribeNewsletter, formId });
    if (tags.pixel) pixel()('track', 'Lead', { content_name: formId });
  });
}

/** On an order's confirmation page, pushes its purchase to the data layer, once per order. */
export async function pushPurchase(): Promise<void> {
  if (!document.querySelector('#tessera-order-confirmed[data-order-number]')) return;
  const order = await confirmedOrder();
  if (!order || !markPurchaseSent(order.id)) return;
  // The container's documented practice: clear the previous ecommerce object first, so no field of another event lingers.
  dataLayer().push({ ecommerce: null });
  dataLayer().push(purchaseEvent(order));
}
