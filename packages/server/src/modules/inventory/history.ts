import type { Executor } from '../../storage/statement.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';

export interface HistoryQuery {
  readonly limit?: number;
  readonly cursor?: string;
}

/** Who made a change, as the history shows it: the staff member's email, a checkout, an import or the store. */
export function actorLabel(kind: string, email: string | null, reason: string): string {
  if (kind === 'staff') return email ?? 'Staff';
  if (kind === 'customer' || reason === 'sold' || reason === 'restored') return 'Checkout';
  if (reason === 'imported' || reason === 'created') return 'Import';
  return 'System';
}

/**
 * A page of one variant's stock history, newest first: one statement on the history's index
 * (website, variant, time, id), with the order number of the changes an order made.
 */
export async function variantHistory(db: Executor, websiteId: string, variantId: string, query: HistoryQuery) {
  const limit = query.limit ?? 50;
  const after = decodeCursor(query.cursor, 'history', 'ns');
  let select = db
    .selectFrom('inventory_adjustments as a')
    .leftJoin('orders as o', 'o.id', 'a.order_id')
    .select([
      'a.id',
      'a.delta',
      'a.stock_after',
      'a.reason',
      'a.note',
      'a.actor_kind',
      'a.actor_email',
      'a.order_id',
      'a.created_on',
      'a.sku',
      'o.order_number',
    ])
    .where('a.website_id', '=', websiteId)
    .where('a.variant_id', '=', variantId);
  if (after) select = select.where((eb) => eb(eb.refTuple('a.created_on', 'a.id'), '<', eb.tuple(after[0] as number, after[1] as string)));
  const rows = await select
    .orderBy('a.created_on', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    adjustments: page.map((r) => ({
      id: r.id,
      delta: Number(r.delta),
      stockAfter: Number(r.stock_after),
      reason: r.reason,
      note: r.note,
      sku: r.sku,
      by: { kind: r.actor_kind, email: r.actor_email, label: actorLabel(r.actor_kind, r.actor_email, r.reason) },
      order: r.order_id
        ? { id: r.order_id, orderNumber: r.order_number === null ? null : Number(r.order_number), url: `/config/orders/${encodeURIComponent(r.order_id)}` }
        : null,
      created: Number(r.created_on),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor('history', [Number(last.created_on), last.id]) : null,
  };
}
