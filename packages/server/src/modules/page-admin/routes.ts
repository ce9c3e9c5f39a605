import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ScryptCost } from '../admin/index.js';
import { AppError } from '../../errors.js';
import { readTree, saveTree } from './arrange-save.js';
import { createNode } from './create.js';
import { deleteNode } from './remove.js';
import { CreateBody, KeyParams, NavigationBody, SettingsBody } from './schemas.js';
import { saveSettings, settingsOf } from './settings.js';
import { readPagesState } from './state.js';
import { buildTree } from './tree.js';

const PATH = '/api/owner/pages';

/** The site's navigation as a tree and its pages' settings (docs/owner-api.md "Pages and navigation"). */
export async function pageAdminRoutes(root: FastifyInstance, options: { passwordCost?: ScryptCost }): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  // The owner's API answers on a locked site: the sign-in and the permission guard it there too.
  const config = { openWhenLocked: true, permission: 'editContent' } as const;
  // Another process sees a change within SITE_CACHE_MS; this one at its next request.
  const changed = (websiteId: string) => root.renderer.snapshots.changed(websiteId);

  app.get(PATH, { config }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return readTree(store, request.site.website.id, clock());
  });

  app.post(PATH, { config, schema: { body: CreateBody } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const node = await createNode(store, websiteId, request.body, clock());
    changed(websiteId);
    return reply.status(201).header('cache-control', 'no-store').send({ node });
  });

  app.put(`${PATH}/navigation`, { config, schema: { body: NavigationBody } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const answer = await saveTree(store, websiteId, request.body, clock());
    changed(websiteId);
    reply.header('cache-control', 'no-store');
    return answer;
  });

  app.get(`${PATH}/:key/settings`, { config, schema: { params: KeyParams } }, async (request, reply) => {
    const state = await readPagesState(store.db, request.site.website.id);
    const target = buildTree(state, clock()).keys.get(request.params.key);
    if (!target) throw new AppError('NOT_FOUND');
    reply.header('cache-control', 'no-store');
    return settingsOf(request.params.key, target, state);
  });

  app.patch(`${PATH}/:key/settings`, { config, schema: { params: KeyParams, body: SettingsBody } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const settings = await saveSettings(store, websiteId, request.params.key, request.body, options.passwordCost, clock());
    changed(websiteId);
    reply.header('cache-control', 'no-store');
    return settings;
  });

  app.delete(`${PATH}/:key`, { config, schema: { params: KeyParams } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    await deleteNode(store, websiteId, request.params.key, clock());
    changed(websiteId);
    return reply.status(204).send();
  });
}
