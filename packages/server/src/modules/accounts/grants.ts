import { ProductType, addBillingPeriod, parseSubscriptionPlan } from '@tessera/core';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import { newId } from '../../storage/ids.js';
import type {} from '../../storage/schema-accounts.js';
import type {} from '../../storage/schema-commerce.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { OrderPaidHook } from '../commerce/index.js';
import type { Signer } from '../commerce/index.js';

/**
 * Members' grants: a paid order of a paywall product (type 5) grants its `paywall.grants`
 * area to the account that claims the order, once, for good (`"pricing": "one-time"`) or until the
 * end of the period paid for (`"pricing": "subscription"`, one billing period of the product's plan
 * per unit bought; a later billing cycle extends it). One row per member and area.
 */
export interface GrantView {
  area: string;
  pricing: 'one-time' | 'subscription';
  startsOn: number;
  /** Null: for good. */
  expiresOn: number | null;
  active: boolean;
  orderId: string | null;
}

/** Whether the member may open the area now. */
export async function hasGrant(db: Executor, websiteId: string, siteUserId: string, area: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('member_grants')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .where('area', '=', area)
    .where('starts_on', '<=', now)
    .where((eb) => eb.or([eb('expires_on', 'is', null), eb('expires_on', '>', now)]))
    .executeTakeFirst();
  return !!row;
}

export async function listGrants(db: Executor, websiteId: string, siteUserId: string, now: number): Promise<GrantView[]> {
  const rows = await db
    .selectFrom('member_grants')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .orderBy('area')
    .execute();
  return rows.map((r) => ({
    area: r.area,
    pricing: r.pricing,
    startsOn: Number(r.starts_on),
    expiresOn: r.expires_on === null ? null : Number(r.expires_on),
    active: Number(r.starts_on) <= now && (r.expires_on === null || Number(r.expires_on) > now),
    orderId: r.order_id,
  }));
}

interface PaywallData {
  paywall?: { grants?: unknown; pricing?: unknown };
}

/**
 * Links a paid order holding paywall products to a member and grants its areas. The order is
 * named by its signed token (what its confirmation link carries), so only the buyer can claim it;
 * an order claimed by one account cannot be claimed by another. Claiming again is harmless.
 * Orders placed while signed in carry the member already (their cart's member id).
 */
export async function claimMembershipOrder(
  store: Store,
  signer: Signer,
  websiteId: string,
  siteUserId: string,
  orderToken: unknown,
  now: number,
): Promise<GrantView[]> {
  const orderId = await signer.orderIdFromToken(websiteId, orderToken);
  if (!orderId) throw new AppError('MEMBERSHIP_ORDER_INVALID');
  await writeTransaction(store, async (tx) => {
    const order = await tx
      .selectFrom('orders')
      .select(['id', 'member_id', 'payment_status', 'updated_on'])
      .where('id', '=', orderId)
      .where('website_id', '=', websiteId)
      .$if(store.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!order) throw new AppError('MEMBERSHIP_ORDER_INVALID');
    const lines = await paywallLines(tx, orderId);
    if (lines.length === 0) throw new AppError('MEMBERSHIP_ORDER_INVALID');
    if (order.member_id !== null && order.member_id !== siteUserId) throw new AppError('MEMBERSHIP_CLAIMED');
    if (order.payment_status !== 'paid') throw new AppError('MEMBERSHIP_NOT_PAID');
    // Already this member's: the grants were made when it was linked (or when it was paid, signed in).
    const already =
      order.member_id === siteUserId &&
      !!(await tx.selectFrom('member_grants').select('id').where('order_id', '=', orderId).where('site_user_id', '=', siteUserId).executeTakeFirst());
    if (already) return;
    await tx.updateTable('orders').set({ member_id: siteUserId }).where('id', '=', orderId).execute();
    await grantOrder(tx, websiteId, siteUserId, orderId, lines, Number(order.updated_on), now);
  });
  return listGrants(store.db, websiteId, siteUserId, now);
}

type PaywallLine = Awaited<ReturnType<typeof paywallLines>>[number];

/** The paywall lines of an order, with their product's paywall settings and plan. */
function paywallLines(tx: Executor, orderId: string) {
  return tx
    .selectFrom('order_lines')
    .innerJoin('products', 'products.item_id', 'order_lines.item_id')
    .leftJoin('subscription_plans', 'subscription_plans.item_id', 'order_lines.item_id')
    .select([
      'order_lines.item_id',
      'order_lines.quantity',
      'products.data',
      'subscription_plans.billing_period_value',
      'subscription_plans.billing_period_unit',
      'subscription_plans.num_billing_cycles',
    ])
    .where('order_lines.order_id', '=', orderId)
    .where('order_lines.product_type', '=', ProductType.PAYWALL)
    .execute();
}

/** Grants the areas of an order's paywall lines to the member, from the time it was paid. */
async function grantOrder(tx: Executor, websiteId: string, siteUserId: string, orderId: string, lines: PaywallLine[], paidOn: number, now: number) {
  for (const line of lines) {
    const paywall = (JSON.parse(line.data) as PaywallData).paywall ?? {};
    const area = typeof paywall.grants === 'string' && paywall.grants !== '' ? paywall.grants : 'members';
    const plan = line.billing_period_unit
      ? parseSubscriptionPlan({
          billingPeriod: { value: line.billing_period_value, unit: line.billing_period_unit },
          numBillingCycles: line.num_billing_cycles,
        })
      : undefined;
    const subscription = paywall.pricing === 'subscription' && plan !== undefined;
    await grant(
      tx,
      websiteId,
      siteUserId,
      area,
      {
        orderId,
        itemId: line.item_id,
        pricing: subscription ? 'subscription' : 'one-time',
        paidOn,
        period: subscription ? { value: plan.billingPeriod.value * line.quantity, unit: plan.billingPeriod.unit } : null,
      },
      now,
    );
  }
}

/**
 * An order placed by a signed-in member (its cart's member) grants its areas when it is paid, in
 * the transaction that records the payment (CommerceDeps.orderPaidHooks): at checkout when paid at
 * once, or when a pending order's payment arrives. Orders without a member wait for the buyer to
 * claim them (claimMembershipOrder); an order never paid grants nothing.
 */
export function membershipPaidHook(): OrderPaidHook {
  return async (tx, { site, order, now }) => {
    if (!order.lines.some((l) => l.productType === ProductType.PAYWALL)) return;
    const row = await tx.selectFrom('orders').select('member_id').where('id', '=', order.id).executeTakeFirst();
    if (!row?.member_id) return;
    await grantOrder(tx, site.website.id, row.member_id, order.id, await paywallLines(tx, order.id), now, now);
  };
}

/**
 * Grants an area, or extends the member's grant of it: a one-time purchase opens it for good; a
 * subscription period runs from the later of the payment and the current grant's end.
 */
async function grant(
  tx: Executor,
  websiteId: string,
  siteUserId: string,
  area: string,
  g: {
    orderId: string | null;
    itemId: string | null;
    pricing: 'one-time' | 'subscription';
    paidOn: number;
    period: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' } | null;
    /** The staff account's email for a grant made by hand; absent for an order's. */
    grantedBy?: string;
  },
  now: number,
): Promise<void> {
  const current = await tx
    .selectFrom('member_grants')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .where('area', '=', area)
    .executeTakeFirst();
  const from = current?.expires_on != null && Number(current.expires_on) > g.paidOn ? Number(current.expires_on) : g.paidOn;
  const expiresOn = g.period ? addBillingPeriod(from, g.period) : null;
  if (!current) {
    await tx
      .insertInto('member_grants')
      .values({
        id: newId(),
        website_id: websiteId,
        site_user_id: siteUserId,
        area,
        order_id: g.orderId,
        item_id: g.itemId,
        pricing: g.pricing,
        granted_by: g.grantedBy ?? null,
        starts_on: g.paidOn,
        expires_on: expiresOn,
        created_on: now,
        updated_on: now,
      })
      .execute();
    return;
  }
  // A grant for good stays for good; otherwise the later end wins.
  const forGood = current.expires_on === null || expiresOn === null;
  await tx
    .updateTable('member_grants')
    .set({
      order_id: g.orderId,
      item_id: g.itemId,
      pricing: forGood ? 'one-time' : 'subscription',
      granted_by: g.grantedBy ?? null,
      expires_on: forGood ? null : Math.max(Number(current.expires_on), expiresOn!),
      updated_on: now,
      starts_on: Math.min(Number(current.starts_on), g.paidOn),
    })
    .where('id', '=', current.id)
    .execute();
}

/**
 * A members' area granted by the site's staff (the owner's customer page): for good, from now, as a
 * one-time purchase would; a member's current grant of the area becomes one for good. The member
 * opens the area at their next request (access is read at every request).
 */
export async function grantAreaByStaff(store: Store, websiteId: string, siteUserId: string, area: string, staffEmail: string, now: number): Promise<void> {
  await writeTransaction(store, (tx) =>
    grant(tx, websiteId, siteUserId, area, { orderId: null, itemId: null, pricing: 'one-time', paidOn: now, period: null, grantedBy: staffEmail }, now),
  );
}

/** Takes a members' area back, however it was granted; answers whether the member held it. The area closes at the next request. */
export async function revokeArea(db: Executor, websiteId: string, siteUserId: string, area: string): Promise<boolean> {
  const result = await db
    .deleteFrom('member_grants')
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .where('area', '=', area)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
