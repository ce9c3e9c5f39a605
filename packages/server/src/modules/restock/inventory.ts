import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError } from '../../errors.js';
import { canManageOrders } from '../../permissions.js';
import type { Store } from '../../storage/dialect.js';
import { writeTransaction } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/snapshot.js';
import { requireOwner } from './owner.js';
import type { RestockSender } from './sender.js';
import { restockSettings } from './settings.js';
import { STOCKED_TYPES, findRestockVariants, inStock } from './store.js';

/** Stock is a count of pieces, as site.json writes it (the import's own bound). */
const MAX_STOCK = 2_000_000_000;
const STOCK_MESSAGE = `Enter a whole number from 0 to ${MAX_STOCK}.`;

export interface InventoryPluginOptions {
  store: Store;
  sites: { snapshotFor(request: FastifyRequest): Promise<SiteSnapshot | undefined> };
  sender: RestockSender;
  clock: Clock;
}

/**
 * `PUT /api/owner/inventory/{variantId}` `{ stock }`: the owner sets a variant's stock (the site
 * directory's `stock`, changed without a new import). When the variant comes back into stock and
 * the site enables `restockAutoSend`, its waiting restock signups are mailed at once; the answer
 * says how many (`restockNotificationsSent`, null when nothing was sent automatically).
 */
export async function inventoryOwnerPlugin(root: FastifyInstance, opts: InventoryPluginOptions): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.put('/api/owner/inventory/:variantId', {
    schema: { params: Type.Object({ variantId: Type.String({ minLength: 1, maxLength: 64 }) }) },
    bodyLimit: 4 * 1024,
    // The owner's API answers on a locked site: it checks the owner's sign-in itself.
    config: { openWhenLocked: true },
  }, async (request) => {
    const s = await opts.sites.snapshotFor(request);
    if (!s) throw new AppError('NOT_FOUND');
    requireOwner(request, s, canManageOrders);
    const stock = (request.body as { stock?: unknown } | null)?.stock;
    if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK) {
      throw new AppError('VALIDATION_FAILED', undefined, { stock: STOCK_MESSAGE });
    }
    const variantId = request.params.variantId;
    const variant = (await findRestockVariants(opts.store.db, s, [variantId], opts.clock())).get(variantId);
    if (!variant) throw new AppError('VARIANT_UNAVAILABLE');
    if (variant.unlimited || !STOCKED_TYPES.has(variant.productType)) {
      throw new AppError('VALIDATION_FAILED', undefined, { stock: 'This variant has no stock to set: it never runs out.' });
    }
    await writeTransaction(opts.store, (tx) =>
      tx.updateTable('product_variants').set({ stock }).where('id', '=', variantId).where('website_id', '=', s.website.id).execute());
    const now = { ...variant, stock };
    let sent: number | null = null;
    if (inStock(now) && restockSettings(s).autoSend) {
      try {
        sent = (await opts.sender.send(s, variant.itemId, variantId)).sent;
      } catch (error) {
        // Sold out again before the notices went (a checkout took the stock): nothing to send.
        if (!(error instanceof AppError) || error.code !== 'RESTOCK_OUT_OF_STOCK') throw error;
        sent = 0;
      }
    }
    return { variantId, productId: variant.itemId, sku: variant.sku, qtyInStock: stock, unlimited: false, restockNotificationsSent: sent };
  });
}
