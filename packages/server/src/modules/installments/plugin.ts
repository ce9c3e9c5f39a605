import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { installmentInfoHtml } from './content.js';

/**
 * The installment provider's information for the badge's dialog (storefront.md section 7, "GET
 * installment-provider modal HTML page by locale"):
 *   GET /api/commerce/installments/{provider}/{locale}   text/html; afterpay: en_US, en_CA, fr_CA,
 *                                                        en_AU, en_NZ; clearpay: en_GB; else 404
 */
export async function installmentsPlugin(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/commerce/installments/:provider/:locale',
    {
      schema: { params: Type.Object({ provider: Type.String({ maxLength: 20 }), locale: Type.String({ maxLength: 10 }) }) },
    },
    async (request, reply) => {
      const { provider, locale } = request.params as { provider: string; locale: string };
      const html = installmentInfoHtml(provider, locale);
      if (html === null) throw new AppError('NOT_FOUND');
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, max-age=86400').send(html);
    },
  );
}
