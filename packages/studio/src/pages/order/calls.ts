// One order's calls (docs/owner-api.md "Orders"): read it, and the actions that change it. Each
// answers the order and what it now allows; the page looks at the ApiResult itself (a 409 reloads).
import type { Api } from '@tessera/core/api-client';

type Money = { value: string; currencyCode: string };
type LineQuantity = { lineId: string; quantity: number };

export interface OrderLine {
  id: string;
  itemId: string | null;
  title: string;
  productType: number | null;
  quantity: number;
  chosenVariant: { sku: string | null; attributes: Record<string, string> };
  /** The answers to the product's additional fields form, as JSON text, or null. */
  additionalFields: string | null;
  unitPriceCents: number;
  subTotalCents: number;
  giftCards: { code: string; amountCents: number }[];
  download: { url: string; expiresOn: number } | null;
  fulfilledQuantity: number;
  refundedQuantity: number;
}

export interface TimelineEntry {
  id: string;
  type: string;
  created: number;
  actor: { kind: 'staff' | 'customer' | 'system'; email?: string | null };
  data: Record<string, unknown>;
}

export interface OrderDetail {
  id: string;
  orderNumber: number;
  kind: string;
  customerEmail: string;
  customerName: string;
  created: number;
  currency: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  holdExpiresOn: number | null;
  lines: OrderLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  giftCardCents: number;
  grandTotalCents: number;
  amountDueCents: number;
  grandTotalMoney?: Money;
  shippingAddress: Record<string, string> | null;
  shippingOption: { id: string; name: string; priceCents: number } | null;
  coupons: string[];
  subscriptions: {
    id: string;
    title: string;
    status: string;
    billingPeriod: { value: number; unit: string };
    numBillingCycles: number;
    nextBillingDate: number | null;
    priceText: string;
  }[];
  orderStatusUrl: string;
  paymentProvider: string;
  paymentReference: string | null;
  paidOn: number | null;
  canceledOn: number | null;
  /** A renewal order: the subscription and billing cycle it bills (absent from servers before renewals). */
  renewalOf?: { subscriptionId: string; title: string | null; cycle: number | null; customerUrl: string } | null;
  refundedCents: number;
  refundableCents: number;
  fulfillments: {
    id: string;
    created: number;
    carrier: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
    lines: LineQuantity[];
    by: string | null;
  }[];
  refunds: {
    id: string;
    created: number;
    amountCents: number;
    lines: LineQuantity[];
    reason: string | null;
    provider: string;
    providerReference: string | null;
    by: string | null;
  }[];
  timeline: TimelineEntry[];
  member: { id: string; email: string } | null;
}

/** What the order's state allows now. */
export interface OrderActions {
  markPaid: boolean;
  fulfill: boolean;
  cancel: boolean;
  refund: boolean;
}

export interface OrderAnswer {
  order: OrderDetail;
  actions: OrderActions;
}

export interface FulfillBody {
  lines: LineQuantity[];
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  notify: boolean;
}

export interface RefundBody {
  lines?: LineQuantity[];
  amountCents?: number;
  reason?: string;
  restock?: boolean;
}

export function orderCalls(api: Api, id: string) {
  const path = `/api/owner/orders/${encodeURIComponent(id)}`;
  return {
    get: () => api<OrderAnswer>('GET', path),
    markPaid: (reference: string) => api<OrderAnswer>('POST', `${path}/mark-paid`, reference ? { reference } : {}),
    fulfill: (body: FulfillBody) => api<OrderAnswer>('POST', `${path}/fulfill`, body),
    cancel: (notify: boolean) => api<OrderAnswer>('POST', `${path}/cancel`, { notify }),
    /** `key`: made once when the refund dialog opens, so that a second click or a retry refunds once. */
    refund: (body: RefundBody, key: string) => api<OrderAnswer>('POST', `${path}/refund`, body, { 'Idempotency-Key': key }),
    note: (text: string) => api<OrderAnswer>('POST', `${path}/notes`, { text }),
  };
}
