import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { listAuthors } from './authors.js';
import { createItem, deleteItem, listItems } from './items.js';
import { ItemParams, checkInput } from './schemas.js';

const CONFIG = { openWhenLocked: true, permission: 'editContent' } as const;
const CollectionParams = Type.Object({ collectionId: Type.String({ minLength: 1, maxLength: 64 }) });
const ListQuery = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 20 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  cursor: Type.Optional(Type.String({ maxLength: 20 })),
});
const CreateBody = Type.Object({ title: Type.String({ maxLength: 500 }) });

/** Posts and events (docs/owner-api.md "Posts and events"): their lists, a new one, deleting one, and the authors to choose from. */
export async function itemsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  const items = '/api/owner/collections/:collectionId/items';

  app.get(items, { schema: { params: CollectionParams, querystring: ListQuery }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    const body = await listItems(store.db, request.site, request.params.collectionId, request.query, clock());
    return reply.header('cache-control', 'no-store').send(body);
  });

  // A draft: nothing a visitor sees changes, so the site's kept pages stay.
  app.post(
    items,
    { schema: { params: CollectionParams, body: CreateBody }, attachValidation: true, config: { ...CONFIG, changesPages: false } },
    async (request, reply) => {
      checkInput(request);
      const item = await createItem(store, request.site, request.params.collectionId, request.body.title, clock());
      return reply.code(201).send(item);
    },
  );

  app.delete('/api/owner/content/:itemId', { schema: { params: ItemParams }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    await deleteItem(store, request.site, request.params.itemId);
    root.renderer.snapshots.changed(request.site.website.id);
    return reply.code(204).send();
  });

  app.get('/api/owner/content/authors', { config: CONFIG }, async (request, reply) => {
    const authors = await listAuthors(store.db, request.site.website.id);
    return reply.header('cache-control', 'no-store').send({ authors });
  });
}
