// The orders list's calls (docs/owner-api.md "Orders"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

/** One row of `GET /api/owner/orders`. */
export interface OrderSummary {
  id: string;
  orderNumber: number;
  created: number;
  customerEmail: string;
  customerName: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  paymentProvider: string;
  itemCount: number;
  grandTotalCents: number;
  refundedCents: number;
}

export interface OrdersAnswer {
  orders: OrderSummary[];
  nextCursor: string | null;
  currency: string;
}

const ORDERS_PATH = '/api/owner/orders';
/** The filtered list as CSV, one row per order line: a plain link, the browser downloads it with the session's cookie. */
export const EXPORT_PATH = '/api/owner/orders/export.csv';

export const ordersCalls = (api: Api) => ({
  /** One page of the list: `query` holds the filters (and the cursor of the page after the first). */
  list: (query: URLSearchParams) => {
    const q = query.toString();
    return api<OrdersAnswer>('GET', q ? `${ORDERS_PATH}?${q}` : ORDERS_PATH);
  },
});
