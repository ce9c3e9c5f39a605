import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';

export const ItemParams = Type.Object({ itemId: Type.String({ minLength: 1, maxLength: 64 }) });
export const RevisionParams = Type.Object({ itemId: Type.String({ minLength: 1, maxLength: 64 }), revision: Type.Integer({ minimum: 1 }) });

/** The editor's document: the layout's own checks (readLayout) read `sections`, at every depth. */
const Document = Type.Object({
  title: Type.String({ maxLength: 500 }),
  excerpt: Type.Optional(Type.String({ maxLength: 20_000 })),
  sections: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
});

const BaseRevision = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);
export const DraftBody = Type.Object({ baseRevision: BaseRevision, document: Document });
export const PreviewBody = Type.Object({ document: Document });
export const PublishBody = Type.Object({
  baseRevision: BaseRevision,
  publishOn: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 40 }), Type.Integer({ minimum: 0 }), Type.Null()])),
});
export const RestoreBody = Type.Object({ baseRevision: BaseRevision });

/** Each field's message when its value is refused; a field's path without indexes. */
const FIELD_MESSAGES: Record<string, string> = {
  baseRevision: 'Send the revision the page was opened at (null for a page that has none).',
  document: 'Send the page as { title, excerpt, sections }.',
  'document.title': 'Enter a title of at most 500 characters.',
  'document.excerpt': 'Enter an excerpt of at most 20,000 characters.',
  'document.sections': 'Send the sections as a list.',
  publishOn: 'Send the publication time as an ISO date and time, such as 2026-05-01T09:00:00Z.',
  revision: 'Choose a published version by its revision number.',
  itemId: 'Choose a page by its item id.',
};

interface SchemaIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The routes read their schema's verdict (attachValidation) to answer 400 VALIDATION_FAILED with each field's message. */
export function checkInput(request: FastifyRequest): void {
  const failed = request.validationError as (Error & { validation?: SchemaIssue[] }) | undefined;
  if (!failed) return;
  const errors: Record<string, string> = {};
  for (const issue of failed.validation ?? []) {
    const parts = issue.instancePath.split('/').filter(Boolean);
    if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') parts.push(issue.params.missingProperty);
    const key = parts.filter((p) => !/^\d+$/.test(p)).join('.');
    errors[parts.join('.') || 'body'] = FIELD_MESSAGES[key] ?? FIELD_MESSAGES[parts[0] ?? ''] ?? 'This value is not valid.';
  }
  throw new AppError('VALIDATION_FAILED', undefined, errors);
}

/** `publishOn` as epoch milliseconds: an ISO string or a number; undefined when not given. */
export function publishTime(value: string | number | null | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  // The body's schema may have turned a number into its digits: both mean epoch milliseconds.
  const time = typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(time)) throw new AppError('VALIDATION_FAILED', undefined, { publishOn: FIELD_MESSAGES.publishOn! });
  return time;
}
