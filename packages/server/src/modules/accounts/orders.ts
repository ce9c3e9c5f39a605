import { sql } from 'kysely';
import { formatMoney, isCurrencyCode, makeMoney } from '@tessera/core';
import type { CommerceDeps } from '../commerce/index.js';
import { money, type Money } from '../site/index.js';
import { orderLinks } from '../commerce/index.js';
import type { SiteSnapshot } from '../site/index.js';
import type { SiteUserAuth } from './users.js';

/** How many orders the account page lists (newest first). */
const ACCOUNT_ORDERS_LIMIT = 50;

export interface AccountOrder {
  id: string;
  orderNumber: number;
  kind: string;
  created: number;
  paymentStatus: string;
  fulfillmentStatus: string;
  grandTotalCents: number;
  grandTotalMoney: Money;
  /** The total in the page's language ("24,00 $US"). */
  grandTotalText: string;
  lines: { title: string; quantity: number; productType: number | null }[];
  /** The order status page (211), by its signed link. */
  orderStatusUrl: string;
}

/**
 * The member's orders: those placed signed in (their cart, or a claimed membership, carries the
 * member's id) and, once the member proved their email (the verification link mailed at sign-up,
 * or a password reset), the orders placed with that email before the account existed. Declined
 * attempts are left out.
 */
export async function accountOrders(deps: CommerceDeps, s: SiteSnapshot, user: SiteUserAuth, language: string): Promise<AccountOrder[]> {
  const db = deps.store.db;
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'kind', 'created_on', 'payment_status', 'fulfillment_status', 'grand_total_cents', 'currency'])
    .where('website_id', '=', s.website.id)
    .where('payment_status', '!=', 'declined')
    .where((eb) =>
      user.emailVerified ? eb.or([eb('member_id', '=', user.id), eb(sql`lower(customer_email)`, '=', user.email)]) : eb('member_id', '=', user.id),
    )
    .orderBy('created_on', 'desc')
    .limit(ACCOUNT_ORDERS_LIMIT)
    .execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines')
    .select(['order_id', 'title', 'quantity', 'product_type'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('position')
    .execute();
  await deps.signer.ready(s.website.id);
  const out: AccountOrder[] = [];
  for (const o of orders) {
    const currency = isCurrencyCode(o.currency) ? o.currency : 'USD';
    let text: string;
    try {
      text = formatMoney(makeMoney(o.grand_total_cents, currency), { locale: language });
    } catch {
      text = formatMoney(makeMoney(o.grand_total_cents, currency));
    }
    out.push({
      id: o.id,
      orderNumber: o.order_number,
      kind: o.kind,
      created: Number(o.created_on),
      // The spec's status names, as the order pages show them.
      paymentStatus: o.payment_status.toUpperCase(),
      fulfillmentStatus: o.fulfillment_status,
      grandTotalCents: o.grand_total_cents,
      grandTotalMoney: money(o.grand_total_cents, currency),
      grandTotalText: text,
      lines: lines.filter((l) => l.order_id === o.id).map((l) => ({ title: l.title, quantity: l.quantity, productType: l.product_type })),
      orderStatusUrl: orderLinks(o.kind, await deps.signer.orderToken(s.website.id, o.id)).orderStatusUrl,
    });
  }
  return out;
}
