import { createHash } from 'node:crypto';
import type { Store } from '../../storage/dialect.js';
import { type Executor, writeTransaction } from '../../storage/statement.js';
import { siteForm } from './definition.js';
import { findFormRow } from './owner-store.js';

/**
 * A form's settings in the studio: where its submissions go. They live in the form's definition
 * (`forms/<id>.json`), so `tessera export` writes them and `tessera import` reads them back.
 */
export interface FormSettings {
  readonly storeSubmissions: boolean;
  readonly notifyOwner: boolean;
  /** null: the site's owner address (`settings.mail.owner`). */
  readonly notifyEmail: string | null;
  readonly addToMailingList: boolean;
}

export interface StoredFormSettings extends FormSettings {
  /** A hash of the form's definition: a save names it and is refused when the form changed since. */
  readonly version: string;
  readonly name: string;
  readonly newsletter: boolean;
}

const versionOf = (definition: string) => createHash('sha256').update(definition).digest('base64url').slice(0, 22);

function settingsOf(row: { form_key: string; name: string; definition: string }): StoredFormSettings {
  const form = siteForm({ id: row.form_key, name: row.name, definition: JSON.parse(row.definition) });
  return {
    version: versionOf(row.definition),
    name: form.name,
    newsletter: form.newsletter,
    storeSubmissions: form.storeSubmissions,
    notifyOwner: form.notifyOwner,
    notifyEmail: form.notifyEmail,
    addToMailingList: form.addToMailingList,
  };
}

/** A form's settings, or undefined when the site has no such form. */
export async function readFormSettings(db: Executor, websiteId: string, formKey: string): Promise<StoredFormSettings | undefined> {
  const row = await findFormRow(db, websiteId, formKey);
  return row && settingsOf(row);
}

export type SaveOutcome = 'saved' | 'changed' | 'missing';

/**
 * Writes a form's settings into its definition when the definition is still at `expectedVersion`,
 * and bumps the site's version in the same transaction, so every process reads the form again
 * with its next snapshot. On SQLite writes run one at a time; on PostgreSQL the row is locked while compared.
 */
export async function saveFormSettings(
  store: Store,
  websiteId: string,
  formKey: string,
  expectedVersion: string,
  next: FormSettings,
  now: number,
): Promise<SaveOutcome> {
  return writeTransaction(store, async (tx) => {
    const row = await tx
      .selectFrom('forms')
      .select(['id', 'definition'])
      .where('website_id', '=', websiteId)
      .where('form_key', '=', formKey)
      .$if(store.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) return 'missing';
    if (versionOf(row.definition) !== expectedVersion) return 'changed';
    const definition: Record<string, unknown> = { ...(JSON.parse(row.definition) as Record<string, unknown>), ...next };
    if (next.notifyEmail === null) delete definition.notifyEmail;
    await tx
      .updateTable('forms')
      // The builder's revision counts this save too: a builder open on the form must not overwrite it.
      .set((eb) => ({ definition: JSON.stringify(definition), revision: eb('revision', '+', 1), updated_on: now }))
      .where('id', '=', row.id)
      .execute();
    await tx
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1), updated_on: now }))
      .where('id', '=', websiteId)
      .execute();
    return 'saved';
  });
}
