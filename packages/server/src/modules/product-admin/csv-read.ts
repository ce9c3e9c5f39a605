import { parse } from 'csv-parse/sync';
import { AppError } from '../../errors.js';
import { CSV_COLUMNS, type CsvColumn, unprotect } from './csv-columns.js';

/** One data row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells by column. */
export interface CsvRecord {
  readonly row: number;
  readonly cells: Partial<Record<CsvColumn, string>>;
}

/** At most this many data rows in one import: a shop's whole catalogue, with room. */
const MAX_ROWS = 50_000;

const byName = new Map(CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));

/**
 * The file's rows by column name (case and order free; columns this version does not know are
 * left alone), each cell trimmed and without the apostrophe the export puts before a formula-like
 * text. A file that is not CSV, has no SKU column or too many rows is refused as a whole.
 */
export function readCsv(text: string): CsvRecord[] {
  let table: string[][];
  try {
    table = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', undefined, { file: `The file is not valid CSV: ${(error as Error).message}` });
  }
  const [header, ...rows] = table;
  const columns = (header ?? []).map((name) => byName.get(name.trim().toLowerCase()) ?? null);
  if (!columns.includes('SKU')) {
    throw new AppError('VALIDATION_FAILED', undefined, { file: `The first row must name the columns, SKU among them (${CSV_COLUMNS.join(', ')}).` });
  }
  if (rows.length > MAX_ROWS) throw new AppError('VALIDATION_FAILED', undefined, { file: `A file holds at most ${MAX_ROWS} rows; split it in parts.` });
  return rows.map((cells, i) => {
    const record: Partial<Record<CsvColumn, string>> = {};
    columns.forEach((column, j) => {
      if (column && cells[j] !== undefined) record[column] = unprotect(cells[j]!.trim());
    });
    return { row: i + 2, cells: record };
  });
}
