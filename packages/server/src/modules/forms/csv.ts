import type { FormFieldDefinition } from '@tessera/core';
import type { SubmissionRow } from './store.js';
import { answerText } from './values-text.js';

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @ and not a plain number) gets a
 * leading apostrophe, so an export opened in a spreadsheet cannot run what a visitor typed.
 */
export function csvCell(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

type Column = { id: string; type: string; title: string };

/**
 * The value columns of an export: the form's current fields first, in order, then fields only
 * older submissions had (from each submission's `fields`, the form as it was then).
 */
export function csvColumns(currentFields: readonly FormFieldDefinition[], fieldLists: readonly string[]): Column[] {
  const columns = new Map<string, Column>();
  for (const f of currentFields) if (f.type !== 'section') columns.set(f.id, { id: f.id, type: f.type, title: f.title ?? f.id });
  for (const list of fieldLists) for (const f of JSON.parse(list) as Column[]) if (!columns.has(f.id)) columns.set(f.id, f);
  return [...columns.values()];
}

/** The header line: `Submitted On`, the value columns, then the page fields. */
export function csvHeader(columns: readonly Column[]): string {
  return csvLine(['Submitted On', ...columns.map((f) => f.title), 'Page Title', 'Page Path']);
}

/** One submission's line: its time (ISO 8601, UTC), each column's value as text, its page. */
export function csvRow(columns: readonly Column[], row: Pick<SubmissionRow, 'submitted_on' | 'submitted_values' | 'page_title' | 'page_path'>): string {
  const values = JSON.parse(row.submitted_values) as Record<string, unknown>;
  return csvLine([
    new Date(row.submitted_on).toISOString(),
    ...columns.map((f) => answerText(f as FormFieldDefinition, values[f.id])),
    row.page_title,
    row.page_path,
  ]);
}

/** A form's submissions as CSV (the columns of `csvColumns`), in the order of `rows`. */
export function submissionsCsv(currentFields: readonly FormFieldDefinition[], rows: readonly SubmissionRow[]): string {
  const columns = csvColumns(
    currentFields,
    rows.map((r) => r.fields),
  );
  let out = csvHeader(columns);
  for (const row of rows) out += csvRow(columns, row);
  return out;
}
