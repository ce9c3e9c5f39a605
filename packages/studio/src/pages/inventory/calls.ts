// The inventory page's calls (docs/owner-api.md "Inventory"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

export type StockFilter = '' | 'low' | 'out' | 'in' | 'unlimited';
export type InventorySort = 'stock' | 'title' | 'sku';
export type StockState = 'in' | 'low' | 'out' | 'unlimited';
export type Reason = 'received' | 'damaged' | 'counted' | 'correction';

export interface InventoryVariant {
  variantId: string;
  productId: string;
  productTitle: string;
  variantText: string;
  sku: string;
  stock: number | null;
  unlimited: boolean;
  stockState: StockState;
  image: { path: string; url: string } | null;
  productUrl: string;
  waitingSignups: number;
}

export interface InventoryPage {
  variants: InventoryVariant[];
  nextCursor: string | null;
  threshold: number;
}

export interface Adjustment {
  id: string;
  delta: number;
  stockAfter: number;
  reason: string;
  note: string;
  by: { kind: string; email: string | null; label: string };
  order: { id: string; orderNumber: number | null; url: string } | null;
  created: number;
}

export interface Adjusted {
  variantId: string;
  sku: string;
  qtyInStock: number;
  adjustment: Adjustment | null;
  restockNotificationsSent: number | null;
}

export interface HistoryPage {
  variantId: string;
  sku: string;
  qtyInStock: number;
  adjustments: Adjustment[];
  nextCursor: string | null;
}

export interface InventorySettings {
  scarcityThreshold: number;
  restockAutoSend: boolean;
  version: string;
}

export interface ListQuery {
  readonly q: string;
  readonly stock: StockFilter;
  readonly sort: InventorySort;
}

export interface AdjustBody {
  reason: Reason;
  delta?: number;
  count?: number;
  note?: string;
}

/** The list's address of the API: only what differs from the defaults. */
export function listUrl(query: ListQuery, cursor: string | null): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.stock) params.set('stock', query.stock);
  if (query.sort !== 'stock') params.set('sort', query.sort);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return `/api/owner/inventory${text ? `?${text}` : ''}`;
}

const variantPath = (variantId: string) => `/api/owner/inventory/${encodeURIComponent(variantId)}`;

export const inventoryCalls = (api: Api) => ({
  list: (query: ListQuery, cursor: string | null) => api<InventoryPage>('GET', listUrl(query, cursor)),
  adjust: (variantId: string, body: AdjustBody) => api<Adjusted>('POST', `${variantPath(variantId)}/adjustments`, body),
  history: (variantId: string, cursor: string | null) =>
    api<HistoryPage>('GET', `${variantPath(variantId)}/history${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
  settings: () => api<InventorySettings>('GET', '/api/owner/inventory/settings'),
  saveSettings: (body: { version: string; scarcityThreshold: number; restockAutoSend: boolean }) =>
    api<InventorySettings>('PUT', '/api/owner/inventory/settings', body),
});
