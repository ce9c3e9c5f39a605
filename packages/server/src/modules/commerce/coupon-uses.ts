import type { CartCoupon } from '@tessera/core';
import { AppError } from '../../errors.js';
import type {} from '../../storage/schema-owner.js';
import type { Executor } from '../../storage/statement.js';

/**
 * How many orders used each coupon (`coupon_uses`, one row per site and upper-cased code). A use is
 * taken in the transaction that places the order and given back in the one that ends it unpaid, so
 * a coupon's `usageLimit` holds across processes: the increment is conditional on the count being
 * under the limit, and the database applies two of them one after the other, so two shoppers racing
 * for the last use cannot both get it.
 */

/**
 * Takes one use of each coupon of a new order (in the placing transaction, after the order row is
 * written); refuses with COUPON_USAGE_LIMIT when a coupon's last use is gone. Codes in one order:
 * the rows are locked in the same order by every transaction.
 */
export async function takeCouponUses(tx: Executor, websiteId: string, orderId: string, coupons: readonly CartCoupon[]): Promise<void> {
  if (coupons.length === 0) return;
  const sorted = [...coupons].sort((a, b) => (a.code.toUpperCase() < b.code.toUpperCase() ? -1 : 1));
  for (const coupon of sorted) {
    const taken = await takeUse(tx, websiteId, coupon.code.toUpperCase(), coupon.usageLimit ?? null);
    if (!taken) throw new AppError('COUPON_USAGE_LIMIT');
  }
  await tx.updateTable('orders').set({ coupon_uses_taken: 1 }).where('id', '=', orderId).execute();
}

/** One more use of a code, unless `limit` uses are counted already: answers whether it was taken. */
async function takeUse(tx: Executor, websiteId: string, code: string, limit: number | null): Promise<boolean> {
  const row = await tx
    .insertInto('coupon_uses')
    .values({ website_id: websiteId, code, uses: 1 })
    .onConflict((oc) => {
      const update = oc.columns(['website_id', 'code']).doUpdateSet((eb) => ({ uses: eb('coupon_uses.uses', '+', 1) }));
      return limit === null ? update : update.where('coupon_uses.uses', '<', limit);
    })
    .returning('uses')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives back the uses an order took, once: the order's flag is cleared by a compare-and-set, and
 * only the transaction that cleared it gives the uses back.
 */
export async function giveBackCouponUses(tx: Executor, orderId: string): Promise<void> {
  const order = await tx
    .updateTable('orders')
    .set({ coupon_uses_taken: 0 })
    .where('id', '=', orderId)
    .where('coupon_uses_taken', '=', 1)
    .returning(['website_id', 'coupons'])
    .executeTakeFirst();
  if (!order) return;
  const codes = [...new Set((JSON.parse(order.coupons) as string[]).map((c) => c.toUpperCase()))].sort();
  if (codes.length === 0) return;
  await tx
    .updateTable('coupon_uses')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('website_id', '=', order.website_id)
    .where('code', 'in', codes)
    .where('uses', '>', 0)
    .execute();
}

/** The uses of one code so far (0 when never used). */
export async function couponUseCount(db: Executor, websiteId: string, code: string): Promise<number> {
  const row = await db.selectFrom('coupon_uses').select('uses').where('website_id', '=', websiteId).where('code', '=', code.toUpperCase()).executeTakeFirst();
  return row?.uses ?? 0;
}

/** Every counted coupon of a site: upper-cased code -> uses. */
export async function couponUsesOf(db: Executor, websiteId: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('coupon_uses').select(['code', 'uses']).where('website_id', '=', websiteId).execute();
  return Object.fromEntries(rows.map((r) => [r.code, r.uses]));
}
