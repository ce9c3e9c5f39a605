import type { BaseProblem } from '../modules/site/theme-base.js';

/** How serious a finding is: errors fail the check (exit status 1), the others only inform. */
export type Level = 'error' | 'warning' | 'recommendation';

export interface Finding {
  level: Level;
  /** Stable across releases: tools and CI may match on it; docs/theme-check.md has a section per code. */
  code: string;
  message: string;
  /** Path inside the theme folder, with forward slashes. */
  file: string;
  /** 1-based; 0 when the finding is about the whole file. */
  line: number;
  column: number;
  docs: string;
}

/** What every check reads: the theme's files (path -> text) and what it knows of the site. */
export interface CheckInput {
  files: ReadonlyMap<string, string>;
  /**
   * The collection types of the site the theme serves ("blog", "products"...): their templates are
   * required. Absent: every type Tessera serves, since a theme may be given to any site.
   */
  collectionTypes?: readonly string[];
  /** Why the files of the base it extends could not all be read (an unknown base, a cycle). */
  baseProblem?: BaseProblem | null;
}

export function finding(level: Level, code: string, message: string, file: string, line = 0, column = 0): Finding {
  return { level, code, message, file, line, column, docs: `docs/theme-check.md#${code}` };
}

/** The 1-based line and column of a character offset in a text. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}
