import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listEditors, listRevisions, touchEditor } from '../../storage/content-drafts.js';
import { renderPreview } from '../site/index.js';
import { checkedDocument, sectionsFor } from './document.js';
import { type DraftContext, discardDraft, restoreRevision, saveDraft } from './draft.js';
import { withAuthorName } from './authors.js';
import { contentItem } from './item.js';
import { previewRow } from './item-fields.js';
import { publishContent, unpublishContent } from './publish.js';
import { PRESENCE_MS, readContent } from './read.js';
import { DraftBody, ItemParams, PreviewBody, PublishBody, RestoreBody, RevisionParams, checkInput, publishTime } from './schemas.js';

// The owner's API answers on a locked site too: the sign-in and the permission guard it there.
const CONFIG = { openWhenLocked: true, permission: 'editContent' } as const;
/** Writes that change nothing a visitor sees: the site's kept pages stay. */
const UNSEEN = { ...CONFIG, changesPages: false } as const;
/** A page's document: up to 60 blocks of rich text; generous, never unbounded. */
const DOCUMENT_LIMIT = 2 * 1024 * 1024;
/** The history lists this many published versions, the newest first. */
const HISTORY_SIZE = 100;

/** The page content API of docs/owner-api.md "Page content"; every call declares editContent (one hook of modules/admin enforces it). */
export async function contentAdminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  const context = (request: FastifyRequest): DraftContext => ({ store, s: request.site, auth: request.owner!, now: clock() });
  const base = '/api/owner/content/:itemId';

  app.get(base, { schema: { params: ItemParams }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    const body = await readContent(store.db, request.site, request.owner!, request.params.itemId, clock());
    return reply.header('cache-control', 'no-store').send(body);
  });

  app.put(
    `${base}/draft`,
    { schema: { params: ItemParams, body: DraftBody }, attachValidation: true, bodyLimit: DOCUMENT_LIMIT, config: UNSEEN },
    async (request) => {
      checkInput(request);
      const { kind } = await contentItem(store.db, request.site, request.params.itemId);
      const { document, warnings } = checkedDocument(request.body.document, { kind, siteZone: request.site.timeZone });
      const resolved = await withAuthorName(store.db, request.site.website.id, document);
      return saveDraft(context(request), request.params.itemId, request.body.baseRevision, resolved, warnings);
    },
  );

  app.delete(`${base}/draft`, { schema: { params: ItemParams }, attachValidation: true, config: UNSEEN }, async (request, reply) => {
    checkInput(request);
    await discardDraft(context(request), request.params.itemId);
    return reply.code(204).send();
  });

  app.post(`${base}/publish`, { schema: { params: ItemParams, body: PublishBody }, attachValidation: true, config: CONFIG }, async (request) => {
    checkInput(request);
    const answer = await publishContent(context(request), request.params.itemId, request.body.baseRevision, publishTime(request.body.publishOn));
    // This process sees the change from its next request, the others within SITE_CACHE_MS.
    root.renderer.snapshots.changed(request.site.website.id);
    return answer;
  });

  app.post(`${base}/unpublish`, { schema: { params: ItemParams }, attachValidation: true, config: CONFIG }, async (request) => {
    checkInput(request);
    const answer = await unpublishContent(context(request), request.params.itemId);
    root.renderer.snapshots.changed(request.site.website.id);
    return answer;
  });

  app.get(`${base}/revisions`, { schema: { params: ItemParams }, attachValidation: true, config: CONFIG }, async (request, reply) => {
    checkInput(request);
    await contentItem(store.db, request.site, request.params.itemId);
    const revisions = await listRevisions(store.db, request.site.website.id, request.params.itemId, HISTORY_SIZE);
    return reply.header('cache-control', 'no-store').send({ revisions });
  });

  app.post(
    `${base}/revisions/:revision/restore`,
    { schema: { params: RevisionParams, body: RestoreBody }, attachValidation: true, config: UNSEEN },
    async (request) => {
      checkInput(request);
      return restoreRevision(context(request), request.params.itemId, request.params.revision, request.body.baseRevision);
    },
  );

  app.post(`${base}/presence`, { schema: { params: ItemParams }, attachValidation: true, config: UNSEEN }, async (request, reply) => {
    checkInput(request);
    const { itemId } = request.params;
    const websiteId = request.site.website.id;
    await contentItem(store.db, request.site, itemId);
    const now = clock();
    await touchEditor(store.db, websiteId, itemId, request.owner!.accountId, now);
    const editors = await listEditors(store.db, websiteId, itemId, now - PRESENCE_MS, request.owner!.accountId);
    return reply.header('cache-control', 'no-store').send({ editors });
  });

  app.post(
    `${base}/preview`,
    { schema: { params: ItemParams, body: PreviewBody }, attachValidation: true, bodyLimit: DOCUMENT_LIMIT, config: UNSEEN },
    async (request, reply) => {
      checkInput(request);
      const { row, collection, kind } = await contentItem(store.db, request.site, request.params.itemId);
      const checked = checkedDocument(request.body.document, { kind, siteZone: request.site.timeZone });
      const document = await withAuthorName(store.db, request.site.website.id, checked.document);
      const content = { ...document, sections: sectionsFor(row, document) };
      const page = await renderPreview(store, root.renderer, request, request.site, collection, previewRow(row, document), content);
      return reply.status(page.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.body);
    },
  );
}
