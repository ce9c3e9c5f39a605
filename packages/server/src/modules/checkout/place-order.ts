import { createHash } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  ProductType,
  checkoutEmailError,
  computeCartTotals,
  giftCardRedemptionCents,
  meetsMinimumSubtotal,
  minimumSubtotalMessage,
  normalizeGiftCardCode,
  taxRuleFor,
  validateShippingAddress,
  type ShippingAddress,
} from '@tessera/core';
import { AppError, type ErrorBody } from '../../errors.js';
import { newId } from '../../storage/ids.js';
import { isUniqueViolation, writeTransaction, type Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import type { CommerceDeps } from '../commerce/index.js';
import { findCoupon, orderLinks, storeRules, takeCouponUses, type ShippingOption } from '../commerce/index.js';
import { parseLocation } from '../cart/index.js';
import { takeStock } from '../inventory/index.js';
import { loadBasket, type Basket, type BasketSource } from './basket.js';
import { finishOrder, undoOrder, type CheckoutAnswer } from './finish.js';

export type { CheckoutAnswer } from './finish.js';
import { siteProviderIds, type PaymentProvider } from '../commerce/index.js';
import { addSubscriptions, subscriptionLines } from './subscriptions.js';
import { customerNameOf, nextOrderNumber, recordOrderEvent } from './timeline.js';

export interface CheckoutBody {
  cartToken?: string;
  expressCheckout?: { itemId: string; sku?: string; quantity?: unknown; additionalFields?: unknown };
  donation?: { amountCents: unknown };
  email: string;
  shippingAddress?: unknown;
  shippingOptionId?: string | null;
  giftCardCode?: string;
  payment?: { provider?: string } & Record<string, unknown>;
}

/** How long a retry waits for the answer of a first request still being placed (same key, racing). */
const ANSWER_WAIT_MS = 10_000;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Places an order, idempotently under the client's key:
 * 1. a known key answers what its first request answered (waiting for it while it is still under way);
 * 2. one write transaction reads the basket (locking the cart), checks the rules, takes the stock
 *    (guarded decrements), redeems the gift card, numbers the order and writes it "processing",
 *    and marks the cart purchased; a second request with the same key that raced past step 1
 *    meets the unique key and answers as in step 1;
 * 3. the payment provider is asked for the amount due, outside any transaction;
 * 4. a decline gives everything back (stock, gift card balance, the cart); otherwise the order is
 *    finished: paid, it earns its gift cards, download links and what the orderPaidHooks add;
 *    pending, it holds its stock until its hold expires (finish.ts). The `orders.placed` event and
 *    the answer are stored with it.
 */
export async function placeOrder(
  deps: CommerceDeps,
  s: SiteSnapshot,
  key: string,
  visitor: { crumb: string; cartToken: string | undefined; baseUrl: string },
  body: CheckoutBody,
): Promise<CheckoutAnswer> {
  const cookieToken = visitor.cartToken;
  const source: BasketSource = body.donation
    ? { kind: 'donation', amountCents: body.donation.amountCents }
    : body.expressCheckout
      ? {
          kind: 'express',
          itemId: body.expressCheckout.itemId,
          sku: body.expressCheckout.sku ?? '',
          quantity: body.expressCheckout.quantity,
          additionalFields: body.expressCheckout.additionalFields,
        }
      : { kind: 'cart', token: body.cartToken ?? cookieToken };
  // The same key with another body, or from another visitor (the crumb: the spec's session id), is
  // refused, never answered with someone else's order. The cart cookie is not part of it: a placed
  // order drops it, and a retry after that must still get the first answer.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(canonical({ visitor: visitor.crumb, body })))
    .digest('hex');

  await deps.signer.ready(s.website.id);
  const known = await replay(deps, s, key, fingerprint, false);
  if (known) return known;

  const rules = storeRules(s);
  const providerIds = siteProviderIds(s.store);
  const providerId = body.payment?.provider ?? providerIds[0]!;
  const provider = providerIds.includes(providerId) ? deps.payments.get(providerId) : undefined;
  if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  const { provider: _, ...paymentDetails } = body.payment ?? {};

  let placed: Placed | null;
  try {
    placed = await writeTransaction(deps.store, async (tx) => {
      if (await orderByKey(tx, s.website.id, key)) return null;
      const basket = await loadBasket(deps, s, tx, source);
      return writeOrder(deps, s, tx, { basket, body, key, fingerprint, provider, paymentDetails, rules, baseUrl: visitor.baseUrl });
    });
  } catch (error) {
    // A request with the same key committed its order first: this one met its unique key, or the
    // cart it bought, or the stock it took. Either way the answer is that request's.
    if ((isUniqueViolation(error) || error instanceof AppError) && (await orderByKey(deps.store.db, s.website.id, key))) {
      return (await replay(deps, s, key, fingerprint, true))!;
    }
    throw error;
  }
  if (!placed) return (await replay(deps, s, key, fingerprint, true))!;

  let result: Awaited<ReturnType<PaymentProvider['authorize']>>;
  let failure: ErrorBody | null = null;
  if (placed.amountDueCents === 0) {
    result = { status: 'paid', reference: null as unknown as string };
  } else {
    try {
      const links = orderLinks(placed.kind, await deps.signer.orderToken(s.website.id, placed.orderId));
      result = await provider.authorize({
        websiteId: s.website.id,
        orderId: placed.orderId,
        orderNumber: placed.orderNumber,
        amountCents: placed.amountDueCents,
        currency: rules.currency,
        customerEmail: placed.email,
        idempotencyKey: key,
        details: paymentDetails,
        forSubscription: placed.forSubscription,
        purchase: { productTypes: placed.productTypes, country: placed.country },
        returnUrl: `${visitor.baseUrl.replace(/\/$/, '')}${links.confirmationUrl}`,
      });
    } catch {
      result = { status: 'declined', message: '' };
      failure = new AppError('PAYMENT_FAILED').body();
    }
  }
  if (result.status === 'declined') {
    const answer = { status: failure ? 502 : 402, body: failure ?? new AppError('PAYMENT_DECLINED', result.message || undefined).body() };
    await undoOrder(deps, s, placed.orderId, answer);
    return answer;
  }
  return finishOrder(deps, s, placed.orderId, provider.id, result, visitor.baseUrl);
}

/** What step 2 placed, for the provider: the order, the amount due and what the payment methods depend on. */
interface Placed {
  orderId: string;
  orderNumber: number;
  amountDueCents: number;
  email: string;
  kind: string;
  /** The purchase starts subscriptions (a subscription cart, or a membership sold by subscription): its payment method is kept. */
  forSubscription: boolean;
  productTypes: (number | null)[];
  /** The shipping address's country, else the cart's shipping location's; null when neither is known. */
  country: string | null;
}

interface WriteArgs {
  basket: Basket;
  body: CheckoutBody;
  key: string;
  fingerprint: string;
  provider: PaymentProvider;
  paymentDetails: Record<string, unknown>;
  rules: ReturnType<typeof storeRules>;
  /** The site's address as the shopper reached it: kept for the mails of a payment that comes later. */
  baseUrl: string;
}

/** Step 2, inside the transaction: the rules, then stock, gift card, order number and rows. */
async function writeOrder(deps: CommerceDeps, s: SiteSnapshot, tx: Executor, a: WriteArgs): Promise<Placed> {
  const { basket, body, rules } = a;
  const now = deps.clock();
  const coupons = basket.couponCodes.map((code) => findCoupon(rules, code) ?? { code });
  const requiresShipping = basket.lines.some((l) => l.productType === ProductType.PHYSICAL);
  const errors: Record<string, string> = {};
  // Renewals charge a kept payment method without the shopper: a provider that cannot cannot sell them.
  const renewing = await subscriptionLines(tx, s, basket);
  if (renewing.length > 0 && !a.provider.chargeSaved) throw new AppError('SUBSCRIPTION_PROVIDER_UNSUPPORTED');
  const emailError = checkoutEmailError(body.email);
  if (emailError) errors.email = emailError;
  let address: ShippingAddress | null = null;
  let option: ShippingOption | null = null;
  if (requiresShipping) {
    const checked = validateShippingAddress(body.shippingAddress);
    Object.assign(errors, checked.errors);
    address = checked.address;
    const optionId = body.shippingOptionId ?? basket.cart?.shipping_option_id ?? null;
    option = rules.shippingOptions.find((o) => o.id === optionId) ?? null;
    if (!option && rules.shippingOptions.length > 0) errors.shippingOptionId = CHECKOUT_MESSAGES.shippingOptionRequired;
  }
  const location = address ?? parseLocation(basket.cart?.shipping_location ?? null);
  const totals = computeCartTotals({
    entries: basket.lines.map((l) => ({ quantity: l.quantity, unitPriceCents: l.unitPriceCents, productType: l.productType })),
    coupons,
    shippingOption: option,
    taxRule: basket.kind === 'donation' ? null : taxRuleFor(rules.taxRules, location),
    now,
  });
  if (basket.kind !== 'donation' && !meetsMinimumSubtotal(totals.subtotalCents, rules.minimumOrderSubtotalCents)) {
    throw new AppError('MINIMUM_SUBTOTAL', minimumSubtotalMessage(rules.format(rules.minimumOrderSubtotalCents)));
  }

  const card = body.giftCardCode ? await giftCardFor(deps, s, tx, body.giftCardCode) : null;
  const giftCardCents = card ? giftCardRedemptionCents(card.balance_cents, totals.grandTotalCents) : 0;
  const amountDueCents = totals.grandTotalCents - giftCardCents;
  if (amountDueCents > 0 && a.provider.validate) Object.assign(errors, a.provider.validate(a.paymentDetails));
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);

  // Stock: every tracked variant's quantity, summed over its lines, taken in one guarded step each.
  const wanted = new Map<string, number>();
  for (const l of basket.lines) if (l.tracksStock) wanted.set(l.variantId!, (wanted.get(l.variantId!) ?? 0) + l.quantity);
  const orderId = newId();
  // The takes join the variants' stock history as sold by this order's customer.
  const taker = { websiteId: s.website.id, orderId, actor: { kind: 'customer' as const, email: body.email.trim() }, now };
  if (!(await takeStock(deps.store, tx, wanted, taker))) throw new AppError('OUT_OF_STOCK');

  if (card && giftCardCents > 0) {
    const { numUpdatedRows } = await tx
      .updateTable('gift_cards')
      .set((eb) => ({ balance_cents: eb('balance_cents', '-', giftCardCents), updated_on: now }))
      .where('id', '=', card.id)
      .where('balance_cents', '>=', giftCardCents)
      .executeTakeFirst();
    if (Number(numUpdatedRows) !== 1) throw new AppError('GIFT_CARD_EMPTY');
  }
  const orderNumber = await nextOrderNumber(tx, s.website.id);
  const email = body.email.trim();
  await tx
    .insertInto('orders')
    .values({
      id: orderId,
      website_id: s.website.id,
      order_number: orderNumber,
      idempotency_key: a.key,
      request_fingerprint: a.fingerprint,
      kind: basket.kind,
      cart_id: basket.cart?.id ?? null,
      member_id: basket.cart?.member_id ?? null,
      customer_email: email,
      currency: rules.currency,
      subtotal_cents: totals.subtotalCents,
      discount_cents: totals.discountCents,
      shipping_cost_cents: totals.shippingCostCents,
      tax_cents: totals.taxCents,
      gift_card_cents: giftCardCents,
      grand_total_cents: totals.grandTotalCents,
      amount_due_cents: amountDueCents,
      shipping_address: address ? JSON.stringify(address) : null,
      shipping_option: option && requiresShipping ? JSON.stringify({ id: option.id, name: option.name, priceCents: totals.shippingCostCents }) : null,
      coupons: JSON.stringify(totals.validCoupons.map((c) => c.code)),
      payment_provider: a.provider.id,
      payment_status: 'processing',
      payment_reference: null,
      fulfillment_status: 'PENDING',
      answer: null,
      hold_expires_on: null,
      base_url: a.baseUrl,
      customer_name: customerNameOf(address),
      created_on: now,
      updated_on: now,
    })
    .execute();
  // A coupon's use limit: its last use goes to one order only, even when two are placed at once.
  await takeCouponUses(tx, s.website.id, orderId, totals.validCoupons);
  const lineIds = basket.lines.map(() => newId());
  await tx
    .insertInto('order_lines')
    .values(
      basket.lines.map((l, i) => ({
        id: lineIds[i]!,
        website_id: s.website.id,
        order_id: orderId,
        position: i,
        item_id: l.itemId,
        sku: l.sku,
        variant_id: l.variantId,
        title: l.title,
        product_type: l.productType,
        attributes: l.attributes,
        additional_fields: l.additionalFields,
        quantity: l.quantity,
        unit_price_cents: l.unitPriceCents,
        subtotal_cents: totals.entrySubtotalsCents[i]!,
        stock_taken: (l.tracksStock ? 1 : 0) as 0 | 1,
      })),
    )
    .execute();
  if (card && giftCardCents > 0) {
    await tx
      .insertInto('gift_card_redemptions')
      .values({
        id: newId(),
        website_id: s.website.id,
        gift_card_id: card.id,
        order_id: orderId,
        amount_cents: giftCardCents,
        created_on: now,
      })
      .execute();
  }
  await recordOrderEvent(tx, s.website.id, orderId, 'placed', { kind: 'customer', email }, now, { provider: a.provider.id });
  if (renewing.length > 0) await addSubscriptions(deps, s, tx, orderId, email, renewing, basket.cart?.member_id ?? null, a.provider.id, now);
  if (basket.cart) {
    await tx.updateTable('carts').set({ is_purchased: 1, order_id: orderId, updated_on: now }).where('id', '=', basket.cart.id).execute();
  }
  return {
    orderId,
    orderNumber,
    amountDueCents,
    email,
    kind: basket.kind,
    forSubscription: renewing.length > 0,
    productTypes: basket.lines.map((l) => l.productType),
    country: location?.country ?? null,
  };
}

/** The gift card of a code, locked for the transaction; refused when unknown, void or spent. */
async function giftCardFor(deps: CommerceDeps, s: SiteSnapshot, tx: Executor, raw: string) {
  const code = normalizeGiftCardCode(raw);
  if (!code) throw new AppError('GIFT_CARD_INVALID');
  const card = await tx
    .selectFrom('gift_cards')
    .select(['id', 'balance_cents', 'status', 'currency'])
    .where('website_id', '=', s.website.id)
    .where('code', '=', code)
    .$if(deps.store.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (card?.status !== 'active' || card.currency !== storeRules(s).currency) throw new AppError('GIFT_CARD_INVALID');
  if (card.balance_cents <= 0) throw new AppError('GIFT_CARD_EMPTY');
  return card;
}

function orderByKey(db: Executor, websiteId: string, key: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'request_fingerprint', 'answer'])
    .where('website_id', '=', websiteId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * The stored answer of the order placed under this key; null when there is none (and `wait` is
 * off). While the first request is still paying, a retry waits for its answer (polling the store,
 * so it works across processes), up to ANSWER_WAIT_MS.
 */
async function replay(deps: CommerceDeps, s: SiteSnapshot, key: string, fingerprint: string, wait: boolean): Promise<CheckoutAnswer | null> {
  // Real elapsed time, not the app's clock: the wait sleeps for real, and a test clock that stands
  // still would make it wait for ever.
  const deadline = performance.now() + ANSWER_WAIT_MS;
  for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
    const order = await orderByKey(deps.store.db, s.website.id, key);
    if (!order) {
      if (!wait) return null;
    } else {
      if (order.request_fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (order.answer) return { ...(JSON.parse(order.answer) as CheckoutAnswer), replayed: true };
    }
    if (performance.now() >= deadline) throw new AppError('CHECKOUT_IN_PROGRESS');
    await sleep(delay);
  }
}
