import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ProductType } from '@tessera/core';
import { visibleAt } from '../../storage/content.js';
import { openCollectionIds } from '../site/index.js';
import type { CommerceDeps } from '../commerce/index.js';

const Query = Type.Object({
  // One item id, or several (`?itemId=a&itemId=b`, at most 20 by the query limits).
  itemId: Type.Union([Type.String({ maxLength: 64 }), Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 })]),
});

const Result = Type.Object({
  itemId: Type.String(),
  variantId: Type.String(),
  sku: Type.String(),
  attributes: Type.Record(Type.String(), Type.String()),
  unlimited: Type.Boolean(),
  qtyInStock: Type.Integer(),
});

/** Types without stock: they never run out (@tessera/core's totalStock counts them unlimited). */
const STOCKLESS: ReadonlySet<number> = new Set([ProductType.DIGITAL, ProductType.GIFT_CARD, ProductType.PAYWALL]);

/**
 * GET /api/commerce/inventory/stock/?itemId= (the spec: `commerce/inventory/stock/` under the API
 * root): `results`, one per variant of the visible items asked for, with `unlimited` and
 * `qtyInStock`, read live (never cached). Unknown or hidden items give no results.
 */
export async function inventoryPlugin(app: FastifyInstance, deps: CommerceDeps): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/commerce/inventory/stock',
    {
      schema: { querystring: Query, response: { 200: Type.Object({ results: Type.Array(Result) }) } },
    },
    async (request, reply) => {
      const s = request.site;
      const ids = [...new Set(Array.isArray(request.query.itemId) ? request.query.itemId : [request.query.itemId])];
      let rows = await deps.store.db
        .selectFrom('product_variants as v')
        .innerJoin('items', 'items.id', 'v.item_id')
        .innerJoin('products', 'products.item_id', 'v.item_id')
        .select(['v.item_id', 'v.id', 'v.sku', 'v.attributes', 'v.stock', 'v.unlimited', 'products.product_type', 'items.collection_id'])
        .where('v.website_id', '=', s.website.id)
        .where('v.item_id', 'in', ids)
        .where(visibleAt(deps.clock()))
        .orderBy('v.item_id')
        .orderBy('v.position')
        .execute();
      reply.header('cache-control', 'no-store');
      const order = new Map(ids.map((id, i) => [id, i]));
      // Members' areas and protected collections tell nothing of their products.
      const open = openCollectionIds(s);
      rows = rows.filter((r) => open.has(r.collection_id));
      rows.sort((a, b) => order.get(a.item_id)! - order.get(b.item_id)!);
      return {
        results: rows.map((r) => {
          const unlimited = r.unlimited === 1 || STOCKLESS.has(r.product_type);
          return {
            itemId: r.item_id,
            variantId: r.id,
            sku: r.sku,
            attributes: JSON.parse(r.attributes) as Record<string, string>,
            unlimited,
            qtyInStock: unlimited ? 0 : r.stock,
          };
        }),
      };
    },
  );
}
