import { Readable } from 'node:stream';
import type { FormFieldDefinition } from '@tessera/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { siteSender } from '../../mail/site.js';
import { listForms } from '../../storage/content.js';
import { csvColumns, csvHeader, csvRow } from './csv.js';
import { siteForm, valueFields } from './definition.js';
import { encodeCursor, parseFilter, parseListQuery } from './owner-query.js';
import {
  deleteFormSubmissions,
  deleteSubmission,
  findFormRow,
  findSubmission,
  latestSubmissionName,
  type SubmissionCursor,
  type SubmissionFilter,
  type SubmissionListRow,
  submissionFieldLists,
  submissionsPage,
} from './owner-store.js';
import { checkSettingsBody } from './settings-body.js';
import { readFormSettings, saveFormSettings } from './settings.js';
import { submissionCounts } from './store.js';
import { answerText } from './values-text.js';

type Field = { id: string; type: string; title: string };
type FormParams = { formId: string };
type SubmissionParams = FormParams & { id: string };

/** What a list row shows of a value: enough for a summary column. */
const LIST_TEXT_MAX = 200;
/** Rows the export reads at a time, with the list's own query. */
const EXPORT_PAGE = 500;
const MAX_ID = 200;

const BASE = '/api/owner/forms';
const noStore = { 'cache-control': 'no-store' };
const pageOfForm = (formKey: string) => `/config/forms/${encodeURIComponent(formKey)}`;

interface OwnerForm {
  readonly formKey: string;
  readonly name: string;
  /** The form left the site (an import without it); its submissions stay until deleted. */
  readonly removed: boolean;
  /** Its current value fields ([] for a removed form). */
  readonly fields: readonly FormFieldDefinition[];
}

const textOf = (field: Field, value: unknown) => answerText(field as FormFieldDefinition, value);

/** The form's key from the path: a key longer than any form's names none. */
function keyOf(request: FastifyRequest<{ Params: FormParams }>): string {
  if (request.params.formId.length > MAX_ID) throw new AppError('NOT_FOUND');
  return request.params.formId;
}

/**
 * The owner's form submissions (docs/owner-api.md "Form submissions"): the site's forms with their
 * counts, each form's submissions (list, detail, CSV export, delete one or all) and its settings.
 * Reading and exporting need viewFormSubmissions; deleting and the settings manageFormSubmissions.
 */
export async function formOwnerRoutes(app: FastifyInstance): Promise<void> {
  const { store, clock } = app.deps;
  const db = store.db;

  /** The form a request names: one of the site's, or one that left the site but still has submissions; else 404. */
  async function formOf(request: FastifyRequest<{ Params: FormParams }>): Promise<OwnerForm> {
    const websiteId = request.site.website.id;
    const formKey = keyOf(request);
    const row = await findFormRow(db, websiteId, formKey);
    if (row) {
      const form = siteForm({ id: row.form_key, name: row.name, definition: JSON.parse(row.definition) });
      return { formKey, name: form.name, removed: false, fields: valueFields(form) };
    }
    const name = await latestSubmissionName(db, websiteId, formKey);
    if (name === undefined) throw new AppError('NOT_FOUND');
    return { formKey, name, removed: true, fields: [] };
  }

  app.get(BASE, { config: { permission: 'viewFormSubmissions' } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const [rows, counts] = await Promise.all([listForms(db, websiteId), submissionCounts(db, websiteId)]);
    const entry = (formKey: string, name: string, newsletter: boolean, removed: boolean) => {
      const c = counts.get(formKey);
      return { formId: formKey, name, newsletter, removed, submissionCount: c?.count ?? 0, lastSubmittedOn: c?.last ?? null, link: pageOfForm(formKey) };
    };
    const forms = rows
      .map((r) => entry(r.form_key, r.name, siteForm({ id: r.form_key, name: r.name, definition: JSON.parse(r.definition) }).newsletter, false))
      .sort((a, b) => a.name.localeCompare(b.name) || a.formId.localeCompare(b.formId));
    // Submissions of forms that have since left the site are still in the store: listed after, by their id.
    const known = new Set(rows.map((r) => r.form_key));
    const removed = [...counts.keys()].filter((k) => !known.has(k)).sort();
    return reply.headers(noStore).send({ forms: [...forms, ...removed.map((k) => entry(k, k, false, true))] });
  });

  const summary = (row: SubmissionListRow) => {
    const fields = JSON.parse(row.fields) as Field[];
    const values = JSON.parse(row.submitted_values) as Record<string, unknown>;
    const texts: Record<string, string> = {};
    for (const f of fields) {
      const text = textOf(f, values[f.id]);
      texts[f.id] = text.length > LIST_TEXT_MAX ? `${text.slice(0, LIST_TEXT_MAX - 1)}…` : text;
    }
    return { id: row.id, submittedOn: Number(row.submitted_on), values: texts, pageTitle: row.page_title, pagePath: row.page_path };
  };

  app.get<{ Params: FormParams }>(`${BASE}/:formId/submissions`, { config: { permission: 'viewFormSubmissions' } }, async (request, reply) => {
    const query = parseListQuery(request.query as Record<string, unknown>);
    const form = await formOf(request);
    const rows = await submissionsPage(db, store.dialect, request.site.website.id, form.formKey, query, query.after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    // A removed form's columns are those of its latest submission on the page.
    const columns: Field[] = form.removed
      ? page[0]
        ? (JSON.parse(page[0].fields) as Field[])
        : []
      : form.fields.map(({ id, type, title }) => ({ id, type, title: title ?? id }));
    return reply.headers(noStore).send({
      form: { formId: form.formKey, name: form.name, removed: form.removed },
      columns,
      submissions: page.map(summary),
      nextCursor: rows.length > query.limit && last ? encodeCursor(Number(last.submitted_on), last.id) : null,
    });
  });

  app.get<{ Params: FormParams }>(`${BASE}/:formId/submissions/export.csv`, { config: { permission: 'viewFormSubmissions' } }, async (request, reply) => {
    const filter = parseFilter(request.query as Record<string, unknown>);
    const form = await formOf(request);
    const websiteId = request.site.website.id;
    const columns = csvColumns(form.fields, await submissionFieldLists(db, websiteId, form.formKey));
    const day = new Date(clock()).toISOString().slice(0, 10);
    reply.headers({
      ...noStore,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${form.formKey}-submissions-${day}.csv"`,
    });
    return reply.send(Readable.from(exportLines(websiteId, form.formKey, filter, columns)));
  });

  /** The export's lines, a page of the list's query at a time, so a large form never sits in memory. */
  async function* exportLines(websiteId: string, formKey: string, filter: SubmissionFilter, columns: ReturnType<typeof csvColumns>) {
    yield csvHeader(columns);
    let cursor: SubmissionCursor | null = null;
    for (;;) {
      const rows = await submissionsPage(db, store.dialect, websiteId, formKey, filter, cursor, EXPORT_PAGE);
      if (rows.length > 0) yield rows.map((r) => csvRow(columns, r)).join('');
      const last = rows[rows.length - 1];
      if (rows.length < EXPORT_PAGE || !last) return;
      cursor = { on: Number(last.submitted_on), id: last.id };
    }
  }

  app.get<{ Params: SubmissionParams }>(`${BASE}/:formId/submissions/:id`, { config: { permission: 'viewFormSubmissions' } }, async (request, reply) => {
    const form = await formOf(request);
    const row = await findSubmission(db, request.site.website.id, form.formKey, request.params.id);
    if (!row) throw new AppError('NOT_FOUND');
    const values = JSON.parse(row.submitted_values) as Record<string, unknown>;
    const origin = app.renderer.originOf(request, request.site);
    return reply.headers(noStore).send({
      submission: {
        id: row.id,
        formId: row.form_key,
        formName: row.form_name,
        submittedOn: Number(row.submitted_on),
        fields: (JSON.parse(row.fields) as Field[]).map((f) => ({ ...f, value: values[f.id] ?? null, text: textOf(f, values[f.id]) })),
        page: { title: row.page_title, path: row.page_path, url: row.page_path.startsWith('/') ? `${origin}${row.page_path}` : null },
      },
    });
  });

  app.delete<{ Params: SubmissionParams }>(`${BASE}/:formId/submissions/:id`, { config: { permission: 'manageFormSubmissions' } }, async (request, reply) => {
    const form = await formOf(request);
    if (!(await deleteSubmission(db, request.site.website.id, form.formKey, request.params.id))) throw new AppError('NOT_FOUND');
    return reply.status(204).headers(noStore).send();
  });

  app.delete<{ Params: FormParams }>(`${BASE}/:formId/submissions`, { config: { permission: 'manageFormSubmissions' } }, async (request, reply) => {
    const form = await formOf(request);
    const body = request.body as { confirm?: unknown } | undefined;
    // The form's name, typed: a request sent by mistake (or without its body) deletes nothing.
    if (typeof body?.confirm !== 'string' || body.confirm.trim() !== form.name.trim()) {
      throw new AppError('VALIDATION_FAILED', undefined, { confirm: `Type the form's name, ${form.name}, to delete all its submissions.` });
    }
    const deleted = await deleteFormSubmissions(db, request.site.website.id, form.formKey);
    return reply.headers(noStore).send({ deleted });
  });

  const settingsAnswer = async (request: FastifyRequest<{ Params: FormParams }>) => {
    const s = request.site;
    const settings = await readFormSettings(db, s.website.id, keyOf(request));
    if (!settings) throw new AppError('NOT_FOUND');
    // The mail's address when the form names none: the page shows it beside the field.
    return { formId: request.params.formId, ...settings, ownerEmail: siteSender(s, '', '').owner };
  };

  app.get<{ Params: FormParams }>(`${BASE}/:formId/settings`, { config: { permission: 'viewFormSubmissions' } }, async (request, reply) => {
    return reply.headers(noStore).send(await settingsAnswer(request));
  });

  app.put<{ Params: FormParams }>(`${BASE}/:formId/settings`, { config: { permission: 'manageFormSubmissions' } }, async (request, reply) => {
    const s = request.site;
    const body = checkSettingsBody(request.body, siteSender(s, '', '').owner);
    const outcome = await saveFormSettings(store, s.website.id, keyOf(request), body.version, body.settings, clock());
    if (outcome === 'missing') throw new AppError('NOT_FOUND');
    if (outcome === 'changed') throw new AppError('FORM_SETTINGS_CHANGED');
    // This process reads the form again from its next request; the others within SITE_CACHE_MS.
    app.renderer.snapshots.changed(s.website.id);
    return reply.headers(noStore).send(await settingsAnswer(request));
  });
}
