import { slugFromTitle } from '@tessera/core/layout';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { siteSender } from '../../mail/site.js';
import { isUniqueViolation } from '../../storage/statement.js';
import { checkBuilderSave, checkNewForm } from './builder-check.js';
import { type BuilderDefinition, builderDefinition, newFormDefinition, storedDefinition } from './builder-state.js';
import { deleteForm, findBuilderRow, insertForm, keysLike, saveBuilderForm } from './builder-store.js';
import { formUsers } from './builder-usage.js';

const BASE = '/api/owner/forms';
const MAX_ID = 200;
const noStore = { 'cache-control': 'no-store' };
const Params = Type.Object({ formId: Type.String({ minLength: 1, maxLength: MAX_ID }) });
const DeleteQuery = Type.Object({ force: Type.Optional(Type.String({ maxLength: 5 })) });
/** Tries at a free key when two forms of the same name are made at once. */
const KEY_ATTEMPTS = 5;

type Row = NonNullable<Awaited<ReturnType<typeof findBuilderRow>>>;

const answerOf = (row: { form_key: string; name: string; revision: number; definition: string }) => {
  const stored = JSON.parse(row.definition) as Record<string, unknown>;
  return {
    formKey: row.form_key,
    name: row.name,
    revision: Number(row.revision),
    newsletter: stored.newsletter === true,
    definition: builderDefinition({ formKey: row.form_key, name: row.name, definition: stored }),
  };
};

/** `base`, else `base-2`, `base-3`, ...: the first key none of `taken` is. */
function freeKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The form builder (docs/owner-api.md "Form builder"): read a form's whole builder state, make a form
 * (new or a copy), save it compared-and-set on its revision, delete it. A form is page content, so
 * every call needs `editContent`, the permission of the page editor that places forms on pages.
 */
export async function formBuilderRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock } = root.deps;
  const db = store.db;
  const ownerEmail = (request: FastifyRequest) => siteSender(request.site, '', '').owner;

  async function rowOf(websiteId: string, formKey: string): Promise<Row> {
    const row = await findBuilderRow(db, websiteId, formKey);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  app.get(`${BASE}/:formId/definition`, { config: { permission: 'editContent' }, schema: { params: Params } }, async (request, reply) => {
    return reply.headers(noStore).send(answerOf(await rowOf(request.site.website.id, request.params.formId)));
  });

  app.post(BASE, { config: { permission: 'editContent' } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const { name, from } = checkNewForm(request.body);
    let definition: BuilderDefinition = newFormDefinition();
    if (from !== null) {
      const source = await findBuilderRow(db, websiteId, from);
      if (!source) throw new AppError('VALIDATION_FAILED', undefined, { from: 'Choose one of the site’s forms to copy.' });
      definition = answerOf(source).definition;
    }
    // A copy is never the newsletter form: its settings are written out in full instead of taken from that mark.
    const text = JSON.stringify(storedDefinition({}, definition));
    const base = /[a-z0-9]/i.test(name.normalize('NFKD')) ? slugFromTitle(name) : 'form';
    for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++) {
      const formKey = freeKey(base, await keysLike(db, websiteId, base));
      try {
        await insertForm(store, websiteId, formKey, name, text, clock());
      } catch (error) {
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      root.renderer.snapshots.changed(websiteId);
      const row = await rowOf(websiteId, formKey);
      return reply.status(201).headers(noStore).send(answerOf(row));
    }
    throw new AppError('UNAVAILABLE');
  });

  app.put(
    `${BASE}/:formId/definition`,
    { config: { permission: 'editContent' }, schema: { params: Params }, bodyLimit: 512 * 1024 },
    async (request, reply) => {
      const websiteId = request.site.website.id;
      const formKey = request.params.formId;
      const save = checkBuilderSave(request.body, ownerEmail(request));
      const row = await rowOf(websiteId, formKey);
      const definition = JSON.stringify(storedDefinition(JSON.parse(row.definition) as Record<string, unknown>, save.definition));
      const outcome = await saveBuilderForm(store, websiteId, formKey, save.revision, { name: save.name, definition }, clock());
      if (!outcome.saved) throw new AppError(outcome.reason === 'missing' ? 'NOT_FOUND' : 'FORM_CONFLICT');
      // Pages showing the form render it again: this process at once, the others with the site's version.
      root.renderer.snapshots.changed(websiteId);
      return reply.headers(noStore).send(answerOf(await rowOf(websiteId, formKey)));
    },
  );

  app.delete(`${BASE}/:formId`, { config: { permission: 'editContent' }, schema: { params: Params, querystring: DeleteQuery } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const formKey = request.params.formId;
    const row = await rowOf(websiteId, formKey);
    if (answerOf(row).newsletter) throw new AppError('FORM_NOT_DELETABLE');
    if (request.query.force !== '1') {
      const users = await formUsers(db, websiteId, formKey);
      if (users.length > 0) throw new AppError('FORM_IN_USE', `This form is used by ${users.join(', ')}: take it off them first, or delete it anyway.`);
    }
    if (!(await deleteForm(store, websiteId, formKey, clock()))) throw new AppError('NOT_FOUND');
    root.renderer.snapshots.changed(websiteId);
    return reply.status(204).headers(noStore).send();
  });
}
