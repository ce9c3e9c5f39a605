import type { Page } from 'playwright-core';

export interface ScriptRow {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface PageWeight {
  readonly rows: ScriptRow[];
  readonly bytes: number;
  readonly gzipBytes: number;
}

export const BUDGETS: Readonly<{ productPage: number; markerlessPage: number }>;
export function scriptsLoaded(page: Page, url: string, options?: { settleMs?: number }): Promise<PageWeight>;
export function markerlessPage(page: Page, baseUrl: string, options?: { pageSpeed?: boolean }): Promise<PageWeight>;
export function formatTable(title: string, result: PageWeight, budget?: number): string;
