// The import page's calls (docs/owner-api.md "Product import and export"). The CSV goes as the body
// (`text/csv`), which the JSON client does not send: this call uses fetch itself, with the crumb.
import { ApiError, type ApiResult, readCrumb } from '@tessera/core/api-client';

export const EXPORT_PATH = '/api/owner/products/export.csv';
const IMPORT_PATH = '/api/owner/products/import';

export interface ImportRow {
  row: number;
  sku: string;
  title: string;
  action: 'create' | 'update' | 'unchanged' | 'error' | string;
  changes: string[];
  errors: { column: string; message: string }[];
}

export interface ImportAnswer {
  dryRun: boolean;
  written: boolean;
  summary: { create: number; update: number; unchanged: number; error: number };
  rows: ImportRow[];
}

/** A whole import can take a while (5,000 rows in one transaction): longer than the client's usual 30 s. */
const TIMEOUT_MS = 120_000;

export async function importCsv(csv: string, dryRun: boolean, fetcher: typeof fetch = fetch): Promise<ApiResult<ImportAnswer>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'text/csv' };
  const crumb = readCrumb();
  if (crumb) headers['X-CSRF-Token'] = crumb;
  let res: Response;
  try {
    res = await fetcher(`${IMPORT_PATH}${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: csv,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return new ApiError(0, null, navigator.cookieEnabled, (error as Error | null)?.name === 'TimeoutError');
  }
  const data = (await res.json().catch(() => null)) as ImportAnswer;
  return res.ok ? { ok: true, status: res.status, data } : new ApiError(res.status, data, navigator.cookieEnabled);
}
