import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { contentTypeOf } from '../../storage/content-types.js';
import type { CommerceDeps } from '../commerce/index.js';

const Params = Type.Object({ downloadId: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
const Query = Type.Object({ token: Type.Optional(Type.String({ maxLength: 100 })) });

/**
 * GET /api/commerce/downloads/{downloadId}?token=: a digital product's file, for its buyer. The
 * token signs the download with its order, so a link works for that order's download only; it
 * stops at `expires_on` (the product's linkLifetimeHours after payment). The file is the private
 * site asset that the public asset route never serves. A wrong token is not found; an expired
 * link answers 410 DOWNLOAD_EXPIRED.
 */
export function downloadRoutes(app: FastifyInstance, deps: CommerceDeps): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/commerce/downloads/:downloadId',
    {
      schema: { params: Params, querystring: Query },
    },
    async (request, reply) => {
      const s = request.site;
      const download = await deps.store.db
        .selectFrom('order_downloads')
        .innerJoin('orders', 'orders.id', 'order_downloads.order_id')
        .select(['order_downloads.id', 'order_downloads.order_id', 'order_downloads.asset_path', 'order_downloads.expires_on', 'orders.payment_status'])
        .where('order_downloads.id', '=', request.params.downloadId)
        .where('order_downloads.website_id', '=', s.website.id)
        .executeTakeFirst();
      if (!download || !(await deps.signer.verify(s.website.id, request.query.token, 'download', download.id, download.order_id))) {
        throw new AppError('NOT_FOUND');
      }
      if (download.payment_status !== 'paid') throw new AppError('NOT_FOUND');
      if (deps.clock() >= download.expires_on) throw new AppError('DOWNLOAD_EXPIRED');
      const asset = await deps.store.db
        .selectFrom('assets')
        .select(['blob_key', 'content_type'])
        .where('website_id', '=', s.website.id)
        .where('path', '=', download.asset_path)
        .executeTakeFirst();
      const read = asset && (await deps.store.blobs.get(asset.blob_key));
      if (!asset || !read) throw new AppError('NOT_FOUND');
      const filename = download.asset_path.slice(download.asset_path.lastIndexOf('/') + 1).replace(/[^\w.-]/g, '_');
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .type(asset.content_type || contentTypeOf(download.asset_path))
        .header('content-length', read.size)
        .send(read.stream);
    },
  );
}
