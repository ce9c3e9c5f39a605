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

/**
 * A form's submissions as CSV: `Submitted On` (ISO 8601, UTC), one column per field (the form's
 * current fields first, in order, then fields only older submissions had), then the page fields.
 */
export function submissionsCsv(currentFields: readonly FormFieldDefinition[], rows: readonly SubmissionRow[]): string {
  const columns = new Map<string, { id: string; type: string; title: string }>();
  for (const f of currentFields) if (f.type !== 'section') columns.set(f.id, { id: f.id, type: f.type, title: f.title ?? f.id });
  const parsed = rows.map((r) => ({
    row: r,
    fields: JSON.parse(r.fields) as { id: string; type: string; title: string }[],
    values: JSON.parse(r.submitted_values) as Record<string, unknown>,
  }));
  for (const p of parsed) for (const f of p.fields) if (!columns.has(f.id)) columns.set(f.id, f);
  const fields = [...columns.values()];
  let out = csvLine(['Submitted On', ...fields.map((f) => f.title), 'Page Title', 'Page Path']);
  for (const { row, values } of parsed) {
    out += csvLine([
      new Date(row.submitted_on).toISOString(),
      ...fields.map((f) => answerText(f as FormFieldDefinition, values[f.id])),
      row.page_title,
      row.page_path,
    ]);
  }
  return out;
}
