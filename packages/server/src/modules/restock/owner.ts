import { AppError } from '../../errors.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { findRestockVariants, inStock, listGroups, listSignUps, productImagePath, productPath } from './store.js';

/**
 * `GET .../restock/groups?cursor=`: one group per variant that visitors signed up for, in variant
 * id order, with the product as it is now (title, link, live stock) and the counts of waiting and
 * notified signups.
 */
export async function signUpGroups(db: Executor, s: SiteSnapshot, cursor: unknown, pageSize: number, now: number) {
  const after = decodeCursor(cursor, 'groups', 's');
  const rows = await listGroups(db, s.website.id, (after?.[0] as string | undefined) ?? null, pageSize);
  const page = rows.slice(0, pageSize);
  const variants = await findRestockVariants(
    db,
    s,
    page.map((r) => r.variant_id),
    now,
  );
  const hasNextPage = rows.length > pageSize;
  return {
    signUpGroups: page.map((r) => {
      const v = variants.get(r.variant_id);
      return {
        productId: r.item_id,
        variantId: r.variant_id,
        // A variant that left the site keeps its signups; it can no longer be sent.
        available: !!v && v.itemId === r.item_id,
        productTitle: v?.title ?? null,
        productUrl: v ? productPath(s, v) : null,
        imageUrl: v ? productImagePath(s, v) : null,
        sku: v?.sku ?? null,
        attributes: v?.attributes ?? {},
        variantText: v?.variantText ?? '',
        qtyInStock: v ? v.stock : 0,
        unlimited: v ? v.unlimited : false,
        inStock: v ? inStock(v) : false,
        waitingCount: r.waiting,
        notifiedCount: r.notified,
        firstSignUpOn: r.first_on,
        lastSignUpOn: r.last_on,
      };
    }),
    hasNextPage,
    nextPageCursor: hasNextPage ? encodeCursor('groups', [page[page.length - 1]!.variant_id]) : null,
  };
}

/** `GET .../restock?productId&variantId&cursor`: a variant's signups, newest first. */
export async function signUpsOf(db: Executor, s: SiteSnapshot, query: { productId?: unknown; variantId?: unknown; cursor?: unknown }, pageSize: number) {
  const productId = typeof query.productId === 'string' ? query.productId : '';
  const variantId = typeof query.variantId === 'string' ? query.variantId : '';
  if (!productId || !variantId) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      ...(productId ? {} : { productId: 'Required' }),
      ...(variantId ? {} : { variantId: 'Required' }),
    });
  }
  const key = decodeCursor(query.cursor, 'signups', 'ns');
  const after = key && { c: key[0] as number, i: key[1] as string };
  const rows = await listSignUps(db, s.website.id, productId, variantId, after, pageSize);
  const page = rows.slice(0, pageSize);
  const hasNextPage = rows.length > pageSize;
  const last = page[page.length - 1];
  return {
    signUps: page.map((r) => ({
      id: r.id,
      siteVisitorEmail: r.email,
      isJoinMailingList: r.join_mailing_list === 1,
      status: r.status === 'waiting' ? 'WAITING' : 'NOTIFIED',
      created: r.created_on,
      notifiedOn: r.notified_on,
      // The restock mail's delivery: pending (in the outbox), sent, failed; null while waiting.
      mailStatus: r.mail_status,
    })),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor('signups', [last.created_on, last.id]) : null,
  };
}
