import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { writeTransaction } from '../../storage/statement.js';
import { MAX_STOCK, adjustStock } from './adjust.js';
import { actorLabel, variantHistory } from './history.js';
import { readInventorySettings, saveInventorySettings } from './inventory-settings.js';
import { listInventory } from './list.js';
import { inventoryView } from './rows.js';
import { AdjustBody, HistoryQuery, ListQuery, SettingsBody, VariantParams, changeOf, checkInput } from './schemas.js';
import { lowStockThreshold } from './settings.js';
import { findVariantStock } from './stock.js';

// The owner's API answers on a locked site: the sign-in and the permission guard it there too.
const config = { openWhenLocked: true, permission: 'manageProducts' } as const;

/**
 * The owner's inventory (docs/owner-api.md "Inventory"): the stocked variants, stock adjustments
 * recorded as deltas, each variant's history, and the scarcity threshold and automatic restock
 * notices, kept in the store settings.
 */
export async function inventoryApi(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;

  app.get('/api/owner/inventory', { schema: { querystring: ListQuery }, attachValidation: true, config }, async (request, reply) => {
    checkInput(request);
    const s = request.site;
    const threshold = lowStockThreshold(s);
    const { rows, nextCursor } = await listInventory(store.db, s.website.id, threshold, request.query);
    reply.header('cache-control', 'no-store');
    return { variants: rows.map((r) => inventoryView(s, r, threshold)), nextCursor, threshold };
  });

  app.get('/api/owner/inventory/settings', { config }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return readInventorySettings(store, request.site.website.id);
  });

  app.put('/api/owner/inventory/settings', { schema: { body: SettingsBody }, attachValidation: true, bodyLimit: 4 * 1024, config }, async (request, reply) => {
    checkInput(request);
    const websiteId = request.site.website.id;
    await saveInventorySettings(store, websiteId, request.body, clock());
    // This process sees the new settings from its next request; the others within SITE_CACHE_MS.
    root.renderer.snapshots.changed(websiteId);
    reply.header('cache-control', 'no-store');
    return readInventorySettings(store, websiteId);
  });

  app.post(
    '/api/owner/inventory/:variantId/adjustments',
    { schema: { params: VariantParams, body: AdjustBody }, attachValidation: true, bodyLimit: 4 * 1024, config },
    async (request) => {
      checkInput(request);
      const s = request.site;
      const owner = request.owner!;
      const body = request.body;
      const change = changeOf(body);
      const note = body.note?.trim() ?? '';
      const result = await writeTransaction(store, (tx) =>
        adjustStock(store, tx, {
          websiteId: s.website.id,
          variantId: request.params.variantId,
          change,
          reason: body.reason,
          note,
          actor: { kind: 'staff', email: owner.email },
          now: clock(),
        }),
      );
      if (result === 'not-found') throw new AppError('NOT_FOUND');
      if (result === 'unlimited') {
        throw new AppError('VALIDATION_FAILED', undefined, {
          [body.reason === 'counted' ? 'count' : 'delta']: 'This variant has no stock to set: it never runs out.',
        });
      }
      if (result === 'too-many') {
        throw new AppError('VALIDATION_FAILED', undefined, {
          [body.reason === 'counted' ? 'count' : 'delta']: `This change would leave more than ${MAX_STOCK} in stock.`,
        });
      }
      if (result === 'insufficient') {
        const live = await findVariantStock(store.db, s.website.id, request.params.variantId);
        const message = `Only ${Number(live?.stock ?? 0)} in stock: this change would leave less than 0.`;
        throw new AppError('STOCK_INSUFFICIENT', message, { delta: message });
      }
      // After the commit: a variant back from none mails its waiting signups (unless the owner turned that off).
      const added = await root.inventory.stockChanged(s, [result]);
      return {
        variantId: result.variantId,
        productId: result.itemId,
        sku: result.sku,
        qtyInStock: result.after,
        adjustment:
          result.delta === 0
            ? null
            : {
                id: result.adjustmentId,
                delta: result.delta,
                stockAfter: result.after,
                reason: body.reason,
                note,
                by: { kind: 'staff', email: owner.email, label: actorLabel('staff', owner.email, body.reason) },
                order: null,
                created: result.created,
              },
        restockNotificationsSent: null,
        ...added,
      };
    },
  );

  app.get(
    '/api/owner/inventory/:variantId/history',
    { schema: { params: VariantParams, querystring: HistoryQuery }, attachValidation: true, config },
    async (request, reply) => {
      checkInput(request);
      const s = request.site;
      const variant = await findVariantStock(store.db, s.website.id, request.params.variantId);
      if (!variant) throw new AppError('NOT_FOUND');
      const page = await variantHistory(store.db, s.website.id, variant.id, request.query);
      reply.header('cache-control', 'no-store');
      return { variantId: variant.id, sku: variant.sku, qtyInStock: Number(variant.stock), unlimited: variant.unlimited === 1, ...page };
    },
  );
}
