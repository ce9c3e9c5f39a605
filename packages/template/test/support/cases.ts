// Case files: sections that start with a line `:NAME` (see ../shared/jsont-cases/README.md).
// Tessera's own cases add `:ERRORS` (one expected error per line) and may give `limits`, `timeZone`,
// `locales` (named locales) and `preprocess` in `:PARAMS`: false compiles without the preprocessor,
// "first-pass" expects the template the preprocessor's first pass writes.
//
// :ERRORS lines:  CODE LINE:COLUMN MESSAGE            an error of the template itself
//                 CODE PARTIAL@LINE:COLUMN MESSAGE    an error inside partial or macro source PARTIAL
// MESSAGE may be left out to check only the code and position.

import fs from 'node:fs';
import path from 'node:path';
import type { Limits, RenderOptions, TemplateError } from '../../src/index.js';

export interface Case {
  readonly file: string;
  readonly template: string;
  readonly data: unknown;
  readonly partials: Record<string, string>;
  readonly injects: Record<string, string>;
  readonly output: string | undefined;
  readonly errors: readonly ExpectedError[] | undefined;
  readonly options: RenderOptions & { limits?: Partial<Limits>; preprocess?: boolean };
  /** Whether :OUTPUT is the preprocessor's first pass only. */
  readonly firstPass: boolean;
}

export interface ExpectedError {
  readonly code: string;
  readonly partial: string | undefined;
  readonly line: number;
  readonly column: number;
  readonly message: string | undefined;
}

export function parseSections(text: string): Record<string, string> {
  const sections: Record<string, string[]> = {};
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    const m = /^:([A-Z]+)\s*$/.exec(line);
    if (m) {
      current = sections[m[1]] = [];
      continue;
    }
    current?.push(line);
  }
  return Object.fromEntries(Object.entries(sections).map(([k, v]) => [k, v.join('\n')]));
}

const ERROR_LINE = /^([A-Z_]+)\s+(?:([^@\s]+)@)?(\d+):(\d+)(?:\s+(.*))?$/;

function parseErrors(text: string): ExpectedError[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => {
      const m = ERROR_LINE.exec(l);
      if (!m) throw new Error(`bad :ERRORS line: ${l}`);
      return { code: m[1], partial: m[2], line: Number(m[3]), column: Number(m[4]), message: m[5] };
    });
}

export function loadCase(file: string, name = file): Case {
  const s = parseSections(fs.readFileSync(file, 'utf8'));
  if (s.TEMPLATE === undefined) throw new Error(`${file}: no :TEMPLATE section`);
  const params = { ...properties(s.PROPERTIES), ...(s.PARAMS ? JSON.parse(s.PARAMS) : {}) };
  return {
    file: name,
    template: s.TEMPLATE,
    data: JSON.parse(s.JSON?.trim() ? s.JSON : '{}'),
    partials: s.PARTIALS?.trim() ? JSON.parse(s.PARTIALS) : {},
    injects: s.INJECT?.trim() ? JSON.parse(s.INJECT) : {},
    output: s.OUTPUT,
    errors: s.ERRORS === undefined ? undefined : parseErrors(s.ERRORS),
    options: {
      locale: params.locale === 'none' ? null : params.locale,
      locales: params.locales,
      now: params.now,
      timeZone: params.timeZone,
      limits: params.limits,
      preprocess: params.preprocess === false ? false : undefined,
    },
    firstPass: params.preprocess === 'first-pass',
  };
}

/**
 * Some corpus cases give their locale in a `:PROPERTIES` section instead of `:PARAMS`, one
 * `key=value` or `key: value` per line.
 */
function properties(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of (text ?? '').split('\n')) {
    const m = /^\s*([\w.-]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/** Every `.html` file directly in `dir` (sorted), as paths. */
export function caseFiles(dir: string, recursive = false): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory() && recursive) out.push(...caseFiles(p, true));
    else if (entry.isFile() && entry.name.endsWith('.html')) out.push(p);
  }
  return out;
}

export function formatError(e: TemplateError): string {
  return `${e.code} ${e.partial !== undefined ? e.partial + '@' : ''}${e.line}:${e.column} ${e.message}`;
}

/** Whether the actual errors are exactly the expected ones, in order. */
export function errorsMatch(actual: readonly TemplateError[], expected: readonly ExpectedError[]): boolean {
  if (actual.length !== expected.length) return false;
  return expected.every((x, i) => {
    const a = actual[i];
    return a.code === x.code && a.partial === x.partial && a.line === x.line && a.column === x.column && (x.message === undefined || a.message === x.message);
  });
}
