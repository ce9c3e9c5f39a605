import type {} from '../../storage/schema-catalogue.js';
import type {} from '../../storage/schema-content.js';
import type { Store } from '../../storage/dialect.js';
import { newId } from '../../storage/ids.js';
import { type Executor, writeTransaction } from '../../storage/statement.js';

/** A form as the builder reads it. */
export async function findBuilderRow(db: Executor, websiteId: string, formKey: string) {
  return db
    .selectFrom('forms')
    .select(['form_key', 'name', 'definition', 'revision'])
    .where('website_id', '=', websiteId)
    .where('form_key', '=', formKey)
    .executeTakeFirst();
}

/** The site's form keys that are `base` or start with `base-`: what a new form's key must not be. */
export async function keysLike(db: Executor, websiteId: string, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('forms')
    .select('form_key')
    .where('website_id', '=', websiteId)
    .where((eb) => eb.or([eb('form_key', '=', base), eb('form_key', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.form_key));
}

/** Bumps the site's version in the write's transaction, so every process reads its forms again. */
async function siteChanged(tx: Executor, websiteId: string, now: number): Promise<void> {
  await tx
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1), updated_on: now }))
    .where('id', '=', websiteId)
    .execute();
}

/** Adds a form; a key another request took first fails with the store's unique violation (the caller tries the next). */
export async function insertForm(store: Store, websiteId: string, formKey: string, name: string, definition: string, now: number): Promise<void> {
  await writeTransaction(store, async (tx) => {
    await tx.insertInto('forms').values({ id: newId(), website_id: websiteId, form_key: formKey, name, definition, revision: 1, updated_on: now }).execute();
    await siteChanged(tx, websiteId, now);
  });
}

export type BuilderSaveOutcome = { readonly saved: true; readonly revision: number } | { readonly saved: false; readonly reason: 'missing' | 'changed' };

/**
 * Writes a form when it is still at `expectedRevision`: the compare and the set are one statement, so of two
 * saves made from the same read only one succeeds, on either database.
 */
export async function saveBuilderForm(
  store: Store,
  websiteId: string,
  formKey: string,
  expectedRevision: number,
  next: { name: string; definition: string },
  now: number,
): Promise<BuilderSaveOutcome> {
  return writeTransaction(store, async (tx) => {
    const result = await tx
      .updateTable('forms')
      .set((eb) => ({ name: next.name, definition: next.definition, revision: eb('revision', '+', 1), updated_on: now }))
      .where('website_id', '=', websiteId)
      .where('form_key', '=', formKey)
      .where('revision', '=', expectedRevision)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      await siteChanged(tx, websiteId, now);
      return { saved: true, revision: expectedRevision + 1 };
    }
    const row = await findBuilderRow(tx, websiteId, formKey);
    return { saved: false, reason: row ? 'changed' : 'missing' };
  });
}

/** Removes a form; its submissions stay (they name their form by its key). */
export async function deleteForm(store: Store, websiteId: string, formKey: string, now: number): Promise<boolean> {
  return writeTransaction(store, async (tx) => {
    const result = await tx.deleteFrom('forms').where('website_id', '=', websiteId).where('form_key', '=', formKey).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await siteChanged(tx, websiteId, now);
    return true;
  });
}

/**
 * Pages, posts and events whose published data may name the form: the text search narrows, the caller
 * reads each one's sections to be sure.
 */
export async function itemsMentioning(db: Executor, websiteId: string, formKey: string) {
  return db.selectFrom('items').select(['id', 'title', 'data']).where('website_id', '=', websiteId).where('data', 'like', `%"${formKey}"%`).execute();
}

/** Unpublished drafts whose document may name the form, with their item's title. */
export async function draftsMentioning(db: Executor, websiteId: string, formKey: string) {
  return db
    .selectFrom('item_drafts')
    .innerJoin('items', 'items.id', 'item_drafts.item_id')
    .select(['items.id', 'items.title', 'item_drafts.document'])
    .where('item_drafts.website_id', '=', websiteId)
    .where('item_drafts.document', 'like', `%"${formKey}"%`)
    .execute();
}

/** Products whose additional fields are the form's. */
export async function productsUsing(db: Executor, websiteId: string, formKey: string) {
  return db
    .selectFrom('products')
    .innerJoin('items', 'items.id', 'products.item_id')
    .select(['items.title'])
    .where('products.website_id', '=', websiteId)
    .where('products.additional_fields_form_id', '=', formKey)
    .execute();
}
