import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ProductType } from '@tessera/core';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import { writeTransaction } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { MAX_STOCK, adjustStock } from './adjust.js';
import { findVariantStock } from './stock.js';

const STOCK_MESSAGE = `Enter a whole number from 0 to ${MAX_STOCK}.`;

/** What the owner's stock change tells other modules, after it is stored. */
interface StockSet {
  readonly itemId: string;
  readonly variantId: string;
  readonly productType: number;
  readonly stock: number;
}

/**
 * Told after the owner set a variant's stock (the restock module mails the waiting signups when the
 * variant is back); the fields it answers join the call's answer.
 */
export type StockSetHook = (s: SiteSnapshot, change: StockSet) => Promise<Record<string, unknown> | undefined>;

/** Types whose variants keep a count of pieces; the others never run out. */
const STOCKED_TYPES: ReadonlySet<number> = new Set([ProductType.PHYSICAL, ProductType.SERVICE]);

export interface InventoryOwnerOptions {
  store: Store;
  clock: () => number;
  hooks: readonly StockSetHook[];
}

/**
 * `PUT /api/owner/inventory/{variantId}` `{ stock }`: the owner sets a variant's stock (the site
 * directory's `stock`, changed without a new import). Modules that act on it add to the answer
 * (`restockNotificationsSent`: the restock notices mailed at once, null when none were sent automatically).
 */
export async function inventoryOwnerRoutes(root: FastifyInstance, opts: InventoryOwnerOptions): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/api/owner/inventory/:variantId',
    {
      schema: { params: Type.Object({ variantId: Type.String({ minLength: 1, maxLength: 64 }) }) },
      bodyLimit: 4 * 1024,
      // The owner's API answers on a locked site: the sign-in and the permission guard it there too.
      config: { openWhenLocked: true, permission: 'manageProducts' },
    },
    async (request) => {
      const s = request.site;
      const stock = (request.body as { stock?: unknown } | null)?.stock;
      if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK) {
        throw new AppError('VALIDATION_FAILED', undefined, { stock: STOCK_MESSAGE });
      }
      const variantId = request.params.variantId;
      const variant = await findVariantStock(opts.store.db, s.website.id, variantId);
      if (!variant) throw new AppError('VARIANT_UNAVAILABLE');
      if (variant.unlimited === 1 || !STOCKED_TYPES.has(variant.product_type)) {
        throw new AppError('VALIDATION_FAILED', undefined, { stock: 'This variant has no stock to set: it never runs out.' });
      }
      // A count: the history records what it differs by, as the staff member who counted.
      const owner = request.owner!;
      await writeTransaction(opts.store, (tx) =>
        adjustStock(opts.store, tx, {
          websiteId: s.website.id,
          variantId,
          change: { count: stock },
          reason: 'counted',
          actor: { kind: 'staff', email: owner.email },
          now: opts.clock(),
        }),
      );
      let added: Record<string, unknown> = { restockNotificationsSent: null };
      for (const hook of opts.hooks) {
        added = { ...added, ...(await hook(s, { itemId: variant.item_id, variantId, productType: variant.product_type, stock })) };
      }
      return { variantId, productId: variant.item_id, sku: variant.sku, qtyInStock: stock, unlimited: false, ...added };
    },
  );
}
