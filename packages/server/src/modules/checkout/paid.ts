import { randomBytes } from 'node:crypto';
import { ProductType, giftCardCodeFromBytes, normalizeGiftCardCode } from '@tessera/core';
import { newId } from '../../storage/ids.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import type { CommerceDeps } from '../commerce/index.js';
import { orderView, type OrderView } from '../commerce/index.js';

/** Hours a download link lives when the product does not say (site.json `digital.linkLifetimeHours`). */
const DEFAULT_LINK_LIFETIME_HOURS = 24;

/** Delivered without shipping: a paid order of only these is fulfilled at once. */
const DELIVERED_AT_ONCE: ReadonlySet<number | null> = new Set([ProductType.DIGITAL, ProductType.GIFT_CARD, ProductType.PAYWALL, null]);

function newGiftCardCode(): string {
  for (;;) {
    const code = giftCardCodeFromBytes(randomBytes(32));
    if (code) return normalizeGiftCardCode(code)!;
  }
}

/**
 * The moment an order is paid, inside the transaction that records the payment (the checkout's,
 * or markOrderPaid's): the goods that need no shipping (a gift card code per gift card bought, a
 * download link per digital product, expiring the product's link lifetime from now), an order of
 * only those marked FULFILLED, then the modules' orderPaidHooks (review request, commerce mails,
 * memberships). The caller has moved the order to `paid` with a compare-and-set first, so this
 * runs once per order whatever races. Answers the order as its pages now show it.
 */
export async function issuePaidOrder(deps: CommerceDeps, s: SiteSnapshot, tx: Executor, orderId: string, baseUrl: string, now: number): Promise<OrderView> {
  const order = await tx.selectFrom('orders').select('currency').where('id', '=', orderId).executeTakeFirstOrThrow();
  const lines = await tx
    .selectFrom('order_lines')
    .select(['id', 'product_type', 'quantity', 'unit_price_cents', 'item_id'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  await deliver(s, tx, orderId, order.currency, lines, now);
  if (lines.every((l) => DELIVERED_AT_ONCE.has(l.product_type))) {
    await tx.updateTable('orders').set({ fulfillment_status: 'FULFILLED' }).where('id', '=', orderId).execute();
  }
  const view = (await orderView(deps, s, tx, orderId))!;
  for (const hook of deps.orderPaidHooks) await hook(tx, { site: s, order: view, baseUrl, now });
  return view;
}

async function deliver(
  s: SiteSnapshot,
  tx: Executor,
  orderId: string,
  currency: string,
  lines: { id: string; product_type: number | null; quantity: number; unit_price_cents: number; item_id: string | null }[],
  now: number,
) {
  for (const line of lines) {
    if (line.product_type === ProductType.GIFT_CARD) {
      await tx
        .insertInto('gift_cards')
        .values(
          Array.from({ length: line.quantity }, () => ({
            id: newId(),
            website_id: s.website.id,
            code: newGiftCardCode(),
            currency,
            initial_cents: line.unit_price_cents,
            balance_cents: line.unit_price_cents,
            status: 'active' as const,
            order_id: orderId,
            order_line_id: line.id,
            created_on: now,
            updated_on: now,
          })),
        )
        .execute();
    }
    if (line.product_type === ProductType.DIGITAL && line.item_id) {
      const product = await tx.selectFrom('products').select('data').where('item_id', '=', line.item_id).executeTakeFirst();
      const digital = product ? (JSON.parse(product.data) as { digital?: { file?: unknown; linkLifetimeHours?: unknown } }).digital : undefined;
      if (typeof digital?.file !== 'string') continue;
      const hours = typeof digital.linkLifetimeHours === 'number' && digital.linkLifetimeHours > 0 ? digital.linkLifetimeHours : DEFAULT_LINK_LIFETIME_HOURS;
      await tx
        .insertInto('order_downloads')
        .values({
          id: newId(),
          website_id: s.website.id,
          order_id: orderId,
          order_line_id: line.id,
          asset_path: digital.file,
          expires_on: now + hours * 3_600_000,
          created_on: now,
        })
        .execute();
    }
  }
}
