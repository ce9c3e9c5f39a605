import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Store } from '../../storage/dialect.js';
import { listForms } from '../../storage/content.js';
import { submissionsCsv } from './csv.js';
import { siteForm } from './definition.js';
import { listSubmissions, submissionCounts } from './store.js';

export class FormsCliError extends Error {}

async function websiteOf(store: Store, identifier: string | undefined): Promise<{ id: string; identifier: string }> {
  const q = store.db.selectFrom('websites').select(['id', 'identifier']);
  const row = identifier
    ? await q.where('identifier', '=', identifier).executeTakeFirst()
    : await q.orderBy('is_default', 'desc').orderBy('created_on').executeTakeFirst();
  if (!row) throw new FormsCliError(identifier ? `no site "${identifier}" in the store` : 'the store holds no site');
  return row;
}

/**
 * `tessera forms list [--site <identifier>]`: every form of the site with its submission count.
 * `tessera forms export <formId> [--out file.csv] [--site <identifier>]`: the form's submissions as CSV
 * (to stdout without --out). Returns the text to print.
 */
export async function runFormsCommand(store: Store, args: string[]): Promise<string> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { site: { type: 'string' }, out: { type: 'string' } },
  });
  const website = await websiteOf(store, values.site);
  if (sub === 'list') {
    const [forms, counts] = await Promise.all([listForms(store.db, website.id), submissionCounts(store.db, website.id)]);
    const known = new Set(forms.map((f) => f.form_key));
    const lines = forms.map((f) => {
      const c = counts.get(f.form_key);
      return `${f.form_key}\t${f.name}\t${c?.count ?? 0} submissions${c ? `\tlast ${new Date(c.last).toISOString()}` : ''}`;
    });
    // Submissions of forms that have since left the site are still in the store and exportable.
    for (const [key, c] of counts) if (!known.has(key)) lines.push(`${key}\t(removed form)\t${c.count} submissions\tlast ${new Date(c.last).toISOString()}`);
    return lines.length ? `${lines.join('\n')}\n` : `The site "${website.identifier}" has no forms.\n`;
  }
  if (sub === 'export') {
    const formId = positionals[0];
    if (!formId) throw new FormsCliError('export needs a form id: tessera forms export <formId> [--out file.csv]');
    const [forms, rows] = await Promise.all([listForms(store.db, website.id), listSubmissions(store.db, website.id, formId)]);
    const form = forms.find((f) => f.form_key === formId);
    if (!form && rows.length === 0) throw new FormsCliError(`the site "${website.identifier}" has no form "${formId}"`);
    const fields = form ? siteForm({ id: form.form_key, name: form.name, definition: JSON.parse(form.definition) }).fields : [];
    const csv = submissionsCsv(fields, rows);
    if (!values.out) return csv;
    await fs.writeFile(values.out, csv, 'utf8');
    return `Exported ${rows.length} submission${rows.length === 1 ? '' : 's'} of "${formId}" to ${values.out}.\n`;
  }
  throw new FormsCliError(`unknown forms command "${sub ?? ''}": use "tessera forms list" or "tessera forms export <formId>"`);
}
