import { ProductType, computeCartTotals, taxRuleFor, type ShippingAddress } from '@tessera/core';
import { newId } from '../../storage/ids.js';
import { isUniqueViolation, writeTransaction, type Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { storeRules, type CommerceDeps, type SavedMethod } from '../commerce/index.js';
import { customerNameOf, nextOrderNumber, recordOrderEvent, SYSTEM } from '../checkout/index.js';
import { takeStock } from '../inventory/index.js';

/** A subscription row as the renewal reads it. */
export type SubscriptionRow = Awaited<ReturnType<typeof readSubscription>>;

export function readSubscription(db: Executor, id: string) {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Why a renewal was not paid, in the words its mail and the studio use. */
export type FailureReason = 'declined' | 'out_of_stock' | 'no_method' | 'error';

/** A renewal order made for a cycle: the charge follows outside the transaction. */
export interface Claimed {
  orderId: string;
  orderNumber: number;
  amountCents: number;
  cycle: number;
  attempt: number;
  customerEmail: string;
  method: SavedMethod | null;
  /** Set when the order cannot be charged at all (no stock, no kept method). */
  failure: FailureReason | null;
}

/**
 * A renewal whose run died between its order and its outcome is taken up again by a later run,
 * with the same attempt (so the same idempotency key: the provider never charges twice); not
 * sooner than this, so that two runs at once never both charge one order.
 */
const RESUME_AFTER_MS = 15 * 60_000;

/**
 * Step 1 of a renewal, one transaction: the subscription is still due (a compare on its state, as
 * read in this transaction), and its cycle's order is made under the unique (subscription, cycle)
 * index: a second process meets that index and leaves the cycle to the first. The order is the
 * first order's shipping address and option at the store's current shipping price and tax rule,
 * the subscription's price and quantity, no coupon, no gift card; its stock is taken with the
 * inventory's guarded take. Answers null when there is nothing to charge (not due, or another run
 * has it).
 */
export async function claimCycle(deps: CommerceDeps, s: SiteSnapshot, subscriptionId: string): Promise<Claimed | null> {
  try {
    return await writeTransaction(deps.store, async (tx) => {
      const now = deps.clock();
      const sub = await readSubscription(tx, subscriptionId);
      const due =
        (sub.status === 'active' && sub.next_billing_on !== null && sub.next_billing_on <= now) ||
        (sub.status === 'past_due' && sub.retry_on !== null && sub.retry_on <= now);
      if (!due) return null;
      const cycle = sub.cycles_billed + 1;
      // Counted from the cycle's orders, not from failed_attempts (a resume sets that back to 0): a
      // new attempt never reuses the key of one the provider answered already.
      const attempt = (await attemptsOf(tx, sub.id, cycle)) + 1;
      const method = sub.saved_method ? (JSON.parse(sub.saved_method) as SavedMethod) : null;
      const existing = await tx
        .selectFrom('orders')
        .select(['id', 'order_number', 'amount_due_cents', 'payment_status', 'created_on'])
        .where('subscription_id', '=', sub.id)
        .where('subscription_cycle', '=', cycle)
        .executeTakeFirst();
      if (existing) {
        // Its outcome is recorded (or is being): nothing to do. A run that died mid-way is resumed.
        if (existing.payment_status !== 'processing' || existing.created_on > now - RESUME_AFTER_MS) return null;
        // Its own attempt: the one whose key its order carries (the last one counted).
        return {
          orderId: existing.id,
          orderNumber: existing.order_number,
          amountCents: existing.amount_due_cents,
          cycle,
          attempt: attempt - 1,
          customerEmail: sub.customer_email,
          method,
          failure: null,
        };
      }
      return writeRenewalOrder(deps, s, tx, sub, cycle, attempt, method, now);
    });
  } catch (error) {
    // Another process made this cycle's order first.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The renewal orders made for a subscription's cycle so far (paid, failed or under way). */
async function attemptsOf(tx: Executor, subscriptionId: string, cycle: number): Promise<number> {
  const row = await tx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subscription_id', '=', subscriptionId)
    .where('idempotency_key', 'like', `tessera-renewal-${subscriptionId}-${cycle}-%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function writeRenewalOrder(
  deps: CommerceDeps,
  s: SiteSnapshot,
  tx: Executor,
  sub: SubscriptionRow,
  cycle: number,
  attempt: number,
  method: SavedMethod | null,
  now: number,
): Promise<Claimed> {
  const rules = storeRules(s);
  const first = await tx
    .selectFrom('orders')
    .select(['member_id', 'shipping_address', 'shipping_option', 'base_url'])
    .where('id', '=', sub.order_id)
    .executeTakeFirstOrThrow();
  const variant = await tx
    .selectFrom('product_variants')
    .innerJoin('products', 'products.item_id', 'product_variants.item_id')
    .select(['product_variants.id', 'product_variants.unlimited', 'product_variants.attributes', 'products.product_type'])
    .where('product_variants.website_id', '=', s.website.id)
    .where('product_variants.item_id', '=', sub.item_id)
    .where('product_variants.sku', '=', sub.sku)
    .executeTakeFirst();
  const productType = variant?.product_type ?? ProductType.PHYSICAL;
  const address = first.shipping_address ? (JSON.parse(first.shipping_address) as ShippingAddress) : null;
  const kept = first.shipping_option ? (JSON.parse(first.shipping_option) as { id: string; name: string; priceCents: number }) : null;
  // The store's current price of the same option; the price it had when the option is gone.
  const option = kept
    ? (rules.shippingOptions.find((o) => o.id === kept.id) ?? { id: kept.id, name: kept.name, priceCents: kept.priceCents, freeOverCents: null })
    : null;
  const totals = computeCartTotals({
    entries: [{ quantity: sub.quantity, unitPriceCents: sub.price_cents, productType }],
    coupons: [],
    shippingOption: option,
    taxRule: taxRuleFor(rules.taxRules, address),
    now,
  });
  const orderId = newId();
  const orderNumber = await nextOrderNumber(tx, s.website.id);
  await tx
    .insertInto('orders')
    .values({
      id: orderId,
      website_id: s.website.id,
      order_number: orderNumber,
      // The checkout's key column: a renewal's own, one per cycle and attempt.
      idempotency_key: `tessera-renewal-${sub.id}-${cycle}-${attempt}`,
      request_fingerprint: '',
      kind: 'subscription',
      cart_id: null,
      member_id: sub.member_id ?? first.member_id,
      customer_email: sub.customer_email,
      currency: sub.currency,
      subtotal_cents: totals.subtotalCents,
      discount_cents: 0,
      shipping_cost_cents: totals.shippingCostCents,
      tax_cents: totals.taxCents,
      gift_card_cents: 0,
      grand_total_cents: totals.grandTotalCents,
      amount_due_cents: totals.grandTotalCents,
      shipping_address: first.shipping_address,
      shipping_option: option && first.shipping_option ? JSON.stringify({ id: option.id, name: option.name, priceCents: totals.shippingCostCents }) : null,
      coupons: '[]',
      payment_provider: sub.payment_provider ?? method?.provider ?? '',
      payment_status: 'processing',
      payment_reference: null,
      fulfillment_status: 'PENDING',
      answer: null,
      hold_expires_on: null,
      base_url: first.base_url,
      customer_name: customerNameOf(address),
      subscription_id: sub.id,
      subscription_cycle: cycle,
      created_on: now,
      updated_on: now,
    })
    .execute();
  const tracksStock = !!variant && variant.unlimited === 0 && (productType === ProductType.PHYSICAL || productType === ProductType.SERVICE);
  const taker = { websiteId: s.website.id, orderId, actor: { kind: 'customer' as const, email: sub.customer_email }, now };
  const stocked = !tracksStock || (await takeStock(deps.store, tx, new Map([[variant.id, sub.quantity]]), taker));
  await tx
    .insertInto('order_lines')
    .values({
      id: newId(),
      website_id: s.website.id,
      order_id: orderId,
      position: 0,
      item_id: sub.item_id,
      sku: sub.sku,
      variant_id: variant?.id ?? null,
      title: sub.title,
      product_type: productType,
      attributes: variant?.attributes ?? '{}',
      additional_fields: null,
      quantity: sub.quantity,
      unit_price_cents: sub.price_cents,
      subtotal_cents: totals.entrySubtotalsCents[0]!,
      stock_taken: (tracksStock && stocked ? 1 : 0) as 0 | 1,
    })
    .execute();
  await recordOrderEvent(tx, s.website.id, orderId, 'placed', SYSTEM, now, { renewal: { subscriptionId: sub.id, cycle, attempt } });
  const provider = deps.payments.get(sub.payment_provider ?? method?.provider ?? '');
  const failure: FailureReason | null = !stocked ? 'out_of_stock' : !method || !provider?.chargeSaved ? 'no_method' : null;
  return { orderId, orderNumber, amountCents: totals.grandTotalCents, cycle, attempt, customerEmail: sub.customer_email, method, failure };
}
