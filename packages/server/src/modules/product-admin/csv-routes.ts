import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { exportProducts } from './csv-export.js';
import { importProducts } from './csv-import.js';
import { ExportQuery, ImportQuery, checkInput } from './schemas.js';

const CONFIG = { openWhenLocked: true, permission: 'manageProducts' } as const;
/** The largest CSV an import reads: some 50,000 rows of a shop's catalogue. */
const IMPORT_LIMIT_BYTES = 10 * 1024 * 1024;

/** The file of an import: the multipart field `file`, or the whole body sent as text/csv. */
async function csvText(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    if (typeof request.body !== 'string') throw new AppError('VALIDATION_FAILED', undefined, { file: 'Choose a CSV file to import.' });
    return request.body;
  }
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    const bytes = await part.toBuffer();
    return bytes.toString('utf8');
  }
  throw new AppError('VALIDATION_FAILED', undefined, { file: 'Choose a CSV file to import.' });
}

/**
 * "Product import and export" of docs/owner-api.md. In a scope of their own: the multipart and
 * text/csv body parsers are the import's only.
 */
export async function productCsvRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  await root.register(multipart, { limits: { fileSize: IMPORT_LIMIT_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 10 }, throwFileSizeLimit: true });
  root.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: IMPORT_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  app.get('/api/owner/products/export.csv', { schema: { querystring: ExportQuery }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    const { filename, stream } = exportProducts(store, request.site, request.query, clock());
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(stream);
  });

  app.post(
    '/api/owner/products/import',
    { schema: { querystring: ImportQuery }, attachValidation: true, bodyLimit: IMPORT_LIMIT_BYTES, config: CONFIG },
    async (request) => {
      checkInput(request);
      let text: string;
      try {
        text = await csvText(request);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE');
        throw error;
      }
      const context = { store, s: request.site, email: request.owner!.email, now: clock() };
      const { answer, adjusted } = await importProducts(context, text, request.query.dryRun === true);
      if (answer.written) {
        root.renderer.snapshots.changed(request.site.website.id);
        await root.inventory.stockChanged(request.site, adjusted);
      }
      return answer;
    },
  );
}
