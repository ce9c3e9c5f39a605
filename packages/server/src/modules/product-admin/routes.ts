import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { JsonObject } from '../../site-dir/types.js';
import { productChoices } from './choices.js';
import { duplicateProduct } from './duplicate.js';
import { listProducts } from './list.js';
import { readProduct } from './read.js';
import { deleteProduct, orderProducts } from './remove.js';
import { type SaveContext, saveProduct } from './save.js';
import { DeleteTagBody, ListQuery, OrderBody, ProductParams, RenameTagBody, SaveBody, TagsQuery, checkInput } from './schemas.js';
import { changeTag, listTags } from './tags.js';

// The owner's API answers on a locked site too: the sign-in and the permission guard it there.
const CONFIG = { openWhenLocked: true, permission: 'manageProducts' } as const;
/** A product's JSON: its description's HTML and every variant; generous, never unbounded. */
const SAVE_LIMIT = 2 * 1024 * 1024;

/** The products API of docs/owner-api.md "Products"; every call declares manageProducts (one hook of modules/admin enforces it). */
export async function productAdminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  const context = (request: FastifyRequest): SaveContext => ({ store, s: request.site, email: request.owner!.email, now: clock() });
  /** After a change: this process sees it from its next request, the others within SITE_CACHE_MS. */
  const changed = (request: FastifyRequest) => root.renderer.snapshots.changed(request.site.website.id);

  app.get('/api/owner/products', { schema: { querystring: ListQuery }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    return reply.header('cache-control', 'no-store').send(await listProducts(store, request.site, request.query));
  });

  app.get('/api/owner/products/choices', { config: CONFIG }, async (request, reply) => {
    return reply.header('cache-control', 'no-store').send(await productChoices(store.db, request.site));
  });

  app.get('/api/owner/products/tags', { schema: { querystring: TagsQuery }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    const type = request.query.type ?? 'tag';
    return reply.header('cache-control', 'no-store').send({ type, values: await listTags(store.db, request.site.website.id, type) });
  });

  app.post('/api/owner/products/tags/rename', { schema: { body: RenameTagBody }, attachValidation: true, config: CONFIG }, async (request) => {
    checkInput(request);
    const { type, from, to } = request.body;
    const products = await changeTag(store, request.site, type, from, to, clock());
    if (products === 0) throw new AppError('NOT_FOUND');
    changed(request);
    return { type, values: await listTags(store.db, request.site.website.id, type), products };
  });

  app.delete('/api/owner/products/tags', { schema: { body: DeleteTagBody }, attachValidation: true, config: CONFIG }, async (request) => {
    checkInput(request);
    const { type, name } = request.body;
    const products = await changeTag(store, request.site, type, name, null, clock());
    if (products === 0) throw new AppError('NOT_FOUND');
    changed(request);
    return { type, values: await listTags(store.db, request.site.website.id, type), products };
  });

  app.put('/api/owner/products/order', { schema: { body: OrderBody }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    await orderProducts(store, request.site, request.body.collection, request.body.ids, clock());
    changed(request);
    return reply.code(204).send();
  });

  app.get('/api/owner/products/:id', { schema: { params: ProductParams }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    return reply.header('cache-control', 'no-store').send(await readProduct(store.db, request.site, request.params.id));
  });

  app.post('/api/owner/products', { schema: { body: SaveBody }, attachValidation: true, bodyLimit: SAVE_LIMIT, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    const id = await saveProduct(context(request), null, { ...request.body, item: request.body.item as JsonObject });
    changed(request);
    return reply.code(201).send(await readProduct(store.db, request.site, id));
  });

  app.put(
    '/api/owner/products/:id',
    { schema: { params: ProductParams, body: SaveBody }, attachValidation: true, bodyLimit: SAVE_LIMIT, config: CONFIG },
    async (request) => {
      checkInput(request);
      const id = await saveProduct(context(request), request.params.id, { ...request.body, item: request.body.item as JsonObject });
      changed(request);
      return readProduct(store.db, request.site, id);
    },
  );

  app.post('/api/owner/products/:id/duplicate', { schema: { params: ProductParams }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    const id = await duplicateProduct(context(request), request.params.id);
    changed(request);
    return reply.code(201).send(await readProduct(store.db, request.site, id));
  });

  app.delete('/api/owner/products/:id', { schema: { params: ProductParams }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    await deleteProduct(store, request.site, request.params.id, clock());
    changed(request);
    return reply.code(204).send();
  });
}
