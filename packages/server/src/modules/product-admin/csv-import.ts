import { AppError } from '../../errors.js';
import { isUniqueViolation } from '../../storage/statement.js';
import type { Adjusted } from '../inventory/index.js';
import { planImport, type RowReport } from './csv-plan.js';
import { readCsv } from './csv-read.js';
import { readState } from './csv-state.js';
import { writeImport } from './csv-write.js';
import type { SaveContext } from './save.js';

export interface ImportAnswer {
  dryRun: boolean;
  written: boolean;
  summary: { create: number; update: number; unchanged: number; error: number };
  rows: RowReport[];
}

/**
 * `POST /api/owner/products/import`: the file read, every row checked against the store and the
 * rest of the file, then, unless it is a dry run or any row has an error, everything written in
 * the one transaction the check read the store in (so nothing changes between the check and the
 * write). Answers each row's outcome (unchanged rows only counted) and the stock changes made.
 */
export async function importProducts(c: SaveContext, text: string, dryRun: boolean): Promise<{ answer: ImportAnswer; adjusted: Adjusted[] }> {
  const records = readCsv(text);
  return c.store.db
    .transaction()
    .execute(async (tx) => {
      const plan = planImport(c.s, await readState(tx, c.s.website.id), records);
      const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
      for (const r of plan.rows) summary[r.action] += 1;
      const write = !dryRun && summary.error === 0;
      const adjusted = write ? await writeImport(c, tx, plan) : [];
      const rows = plan.rows.filter((r) => r.action !== 'unchanged');
      return { answer: { dryRun, written: write, summary, rows }, adjusted };
    })
    .catch((error: unknown) => {
      // A product saved meanwhile took a URL slug or a SKU the file creates: nothing was written.
      if (isUniqueViolation(error)) throw new AppError('VALIDATION_FAILED', undefined, { file: RACED });
      throw error;
    });
}

const RACED = 'A product saved during the import took a URL slug or SKU of the file; nothing was imported. Import the file again.';
