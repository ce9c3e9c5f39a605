import type { ColumnType } from 'kysely';
import type { Flag } from './schema.js';

/**
 * The commerce tables (migration 0002-commerce), with the conventions of schema.ts: text ids,
 * epoch milliseconds, 0/1 flags, integer minor units beside a currency, JSON as text.
 */
export interface CartsTable {
  id: string;
  website_id: string;
  /** sha256 (hex) of the cart token; the token itself is only in the visitor's cookie or the cartToken. */
  token_hash: string;
  kind: 'cart' | 'subscription';
  member_id: string | null;
  is_purchased: Flag;
  order_id: string | null;
  coupons: string; // JSON string[]: codes as applied
  shipping_location: string | null; // JSON { country, region, postalCode }
  shipping_option_id: string | null;
  created_on: number;
  updated_on: number;
}

interface CartEntriesTable {
  id: string;
  website_id: string;
  cart_id: string;
  item_id: string;
  sku: string;
  quantity: number;
  additional_fields: string | null;
  position: number;
  created_on: number;
}

interface OrdersTable {
  id: string;
  website_id: string;
  order_number: number;
  idempotency_key: string;
  request_fingerprint: string;
  kind: 'order' | 'subscription' | 'donation';
  cart_id: string | null;
  member_id: string | null;
  customer_email: string;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cost_cents: number;
  tax_cents: number;
  gift_card_cents: number;
  grand_total_cents: number;
  amount_due_cents: number;
  shipping_address: string | null; // JSON ShippingAddress
  shipping_option: string | null; // JSON { id, name, priceCents }
  coupons: string; // JSON coupon objects that applied
  /** 1 while the order holds one use of each of its coupons (migration 0014-store-settings): given back once if it ends unpaid. */
  coupon_uses_taken: ColumnType<number, number | undefined, number>;
  payment_provider: string;
  /** processing (placed, payment under way), pending (offline), paid, declined, canceled (never paid: its hold expired, or canceled by hand). */
  payment_status: string;
  payment_reference: string | null;
  /** PENDING, FULFILLED, CANCELED. */
  fulfillment_status: string;
  answer: string | null; // JSON { status, body }
  /** While the payment is pending: when the order stops holding its stock and is canceled (migration 0009-order-holds). */
  hold_expires_on: number | null;
  /** The site's address as the order was placed (links of the mails sent when it is paid later); '' for older orders. */
  base_url: ColumnType<string, string | undefined, string>;
  /** The buyer's name from the shipping address, '' without one (migration 0011-owner-studio: searchable). */
  customer_name: ColumnType<string, string | undefined, string>;
  /** Refunded so far, never more than was paid. */
  refunded_cents: ColumnType<number, number | undefined, number>;
  paid_on: ColumnType<number | null, number | null | undefined, number | null>;
  canceled_on: ColumnType<number | null, number | null | undefined, number | null>;
  /** A renewal order (migration 0024-renewals): the subscription and billing cycle (2, 3, ...) it bills; unique together. */
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  subscription_cycle: ColumnType<number | null, number | null | undefined, number | null>;
  created_on: number;
  updated_on: number;
}

interface OrderLinesTable {
  id: string;
  website_id: string;
  order_id: string;
  position: number;
  item_id: string | null;
  sku: string | null;
  variant_id: string | null;
  title: string;
  product_type: number | null;
  attributes: string; // JSON
  additional_fields: string | null;
  quantity: number;
  unit_price_cents: number;
  subtotal_cents: number;
  stock_taken: Flag;
  fulfilled_quantity: ColumnType<number, number | undefined, number>;
  refunded_quantity: ColumnType<number, number | undefined, number>;
  /** Pieces a refund put back in stock (migration 0012-order-admin): a cancellation gives back only the rest. */
  restocked_quantity: ColumnType<number, number | undefined, number>;
}

interface OrderDownloadsTable {
  id: string;
  website_id: string;
  order_id: string;
  order_line_id: string;
  asset_path: string;
  expires_on: number;
  created_on: number;
}

interface GiftCardsTable {
  id: string;
  website_id: string;
  code: string; // normalized: 16 characters, no dashes
  currency: string;
  initial_cents: number;
  balance_cents: number;
  status: 'active' | 'void';
  order_id: string;
  order_line_id: string;
  created_on: number;
  updated_on: number;
}

interface GiftCardRedemptionsTable {
  id: string;
  website_id: string;
  gift_card_id: string;
  order_id: string;
  amount_cents: number;
  created_on: number;
}

interface SubscriptionsTable {
  id: string;
  website_id: string;
  order_id: string;
  item_id: string;
  sku: string;
  title: string;
  quantity: number;
  price_cents: number;
  currency: string;
  billing_period_value: number;
  billing_period_unit: string;
  num_billing_cycles: number;
  cycles_billed: number;
  /**
   * active; past_due (a renewal failed, retries pending); paused (by the owner: no renewals);
   * canceled (no further renewals; what was paid runs to the end of its period); ended (every
   * cycle billed, or the last retry failed). Migration 0024-renewals.
   */
  status: SubscriptionStatus;
  customer_email: string;
  member_id: string | null;
  started_on: number;
  next_billing_on: number | null;
  created_on: number;
  /** The provider that took the first payment (migration 0023-payments); renewals charge through it. */
  payment_provider: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON SavedMethod (commerce/payments.ts): the payment method renewals charge; null until the first payment kept one. */
  saved_method: ColumnType<string | null, string | null | undefined, string | null>;
  /** Failed charges of the cycle being billed (migration 0024-renewals); back to 0 once it is paid. */
  failed_attempts: ColumnType<number, number | undefined, number>;
  /** While past_due: when the next attempt is due. */
  retry_on: NullableTime;
  paused_on: NullableTime;
  /** Who paused, canceled or resumed it: a staff email, or `customer:<email>`. */
  paused_by: NullableText;
  canceled_on: NullableTime;
  canceled_by: NullableText;
  resumed_on: NullableTime;
  resumed_by: NullableText;
  ended_on: NullableTime;
  /** completed (every cycle billed) or payment_failed (the last retry failed). */
  ended_reason: NullableText;
  /** Cycles of the schedule a pause skipped: the next billing date is started_on + (cycles_billed + skipped_cycles) periods. */
  skipped_cycles: ColumnType<number, number | undefined, number>;
}

type NullableTime = ColumnType<number | null, number | null | undefined, number | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

type SubscriptionStatus = 'active' | 'past_due' | 'paused' | 'canceled' | 'ended';

interface CommerceCountersTable {
  website_id: string;
  next_order_number: number;
}

interface CommerceEventsTable {
  id: string;
  website_id: string;
  type: string;
  order_id: string | null;
  payload: string;
  created_on: number;
  processed_on: number | null;
}

/** A site's provider secrets (migration 0023-payments): read by the provider only, never answered or logged. */
interface PaymentSecretsTable {
  website_id: string;
  provider: string;
  /** test or live. */
  mode: string;
  /** secretKey, webhookSecret. */
  name: string;
  secret: string;
  updated_on: number;
  updated_by: string | null;
}

/** A provider event a site handled (a webhook), once per event id: a second delivery changes nothing. */
interface PaymentEventsTable {
  website_id: string;
  provider: string;
  event_id: string;
  type: string;
  order_id: string | null;
  received_on: number;
}

interface CommerceTables {
  payment_secrets: PaymentSecretsTable;
  payment_events: PaymentEventsTable;
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_downloads: OrderDownloadsTable;
  gift_cards: GiftCardsTable;
  gift_card_redemptions: GiftCardRedemptionsTable;
  subscriptions: SubscriptionsTable;
  commerce_counters: CommerceCountersTable;
  commerce_events: CommerceEventsTable;
}

declare module './schema.js' {
  interface Database extends CommerceTables {}
}
