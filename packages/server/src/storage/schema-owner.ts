import type { ColumnType } from 'kysely';

/**
 * The owner's studio's tables (migration 0011-owner-studio), with the conventions of schema.ts:
 * text ids, epoch milliseconds, integer minor units, JSON as text. The columns it adds to orders,
 * order lines and owner accounts are declared on those tables (schema-commerce.ts, schema-analytics.ts).
 */
interface OrderEventsTable {
  id: string;
  website_id: string;
  order_id: string;
  /** placed, paid, fulfilled, canceled, refunded, note, ... (docs/owner-api.md, "Order timeline"). */
  type: string;
  /** staff (actor_email names the account), customer, or system (a job, a payment provider). */
  actor_kind: 'staff' | 'customer' | 'system';
  actor_email: string | null;
  data: ColumnType<string, string | undefined, string>; // JSON object
  created_on: number;
}

interface OrderFulfillmentsTable {
  id: string;
  website_id: string;
  order_id: string;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  lines: string; // JSON [{ lineId, quantity }]
  created_by: string | null;
  created_on: number;
}

/**
 * pending: reserved while the provider is asked (migration 0012-order-admin); succeeded once it
 * refunded; failed when the provider reported later that it could not (its webhook): the reservation
 * was taken back.
 */
type RefundState = 'pending' | 'succeeded' | 'failed';

interface OrderRefundsTable {
  id: string;
  website_id: string;
  order_id: string;
  /** The caller's Idempotency-Key, unique per order: a refund asked twice is made once. */
  idempotency_key: string;
  amount_cents: number;
  lines: ColumnType<string, string | undefined, string>; // JSON [{ lineId, quantity }]
  reason: string | null;
  provider: string;
  provider_reference: string | null;
  created_by: string | null;
  created_on: number;
  /** pending: reserved while the provider is asked (migration 0012-order-admin); succeeded once it refunded. */
  state: ColumnType<RefundState, RefundState | undefined, RefundState>;
}

interface CouponUsesTable {
  website_id: string;
  /** Upper-cased. */
  code: string;
  uses: number;
}

interface OwnerTokensTable {
  /** SHA-256 (hex) of the mailed token. */
  id: string;
  website_id: string;
  purpose: 'invite' | 'reset';
  email: string;
  website_role: number | null;
  account_id: string | null;
  invited_by: string | null;
  created_on: number;
  expires_on: number;
  used_on: number | null;
}

declare module './schema.js' {
  interface Database {
    order_events: OrderEventsTable;
    order_fulfillments: OrderFulfillmentsTable;
    order_refunds: OrderRefundsTable;
    coupon_uses: CouponUsesTable;
    owner_tokens: OwnerTokensTable;
  }
}
