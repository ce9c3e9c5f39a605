// The theme linter behind `tessera theme check` and `tessera dev`'s overlay: each check reads the
// theme's files and answers findings with a level, a stable code and where; docs/theme-check.md
// explains every code.

import { checkExpressions } from './expressions.js';
import { checkImages } from './images.js';
import { checkManifest } from './manifest.js';
import { checkPartialDepth, checkPartials } from './partials.js';
import { checkSettings } from './settings.js';
import { checkSyntax } from './syntax.js';
import { checkRequiredTemplates } from './templates.js';
import type { CheckInput, Finding, Level } from './types.js';

export { readThemeDir } from './files.js';
export type { CheckInput, Finding } from './types.js';

const CHECKS: ((input: CheckInput) => Finding[])[] = [
  checkManifest,
  checkSyntax,
  checkPartials,
  checkPartialDepth,
  checkRequiredTemplates,
  checkSettings,
  checkImages,
  checkExpressions,
];

const LEVEL_ORDER: Record<Level, number> = { error: 0, warning: 1, recommendation: 2 };

/** Every finding of every check, by file, then line and column. */
export function checkTheme(input: CheckInput): Finding[] {
  return CHECKS.flatMap((check) => check(input)).sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level],
  );
}

export interface Summary {
  errors: number;
  warnings: number;
  recommendations: number;
}

export function summarize(findings: readonly Finding[]): Summary {
  return {
    errors: findings.filter((f) => f.level === 'error').length,
    warnings: findings.filter((f) => f.level === 'warning').length,
    recommendations: findings.filter((f) => f.level === 'recommendation').length,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The human report: findings grouped by file, one `file:line:column level code message` line each. */
export function formatText(findings: readonly Finding[]): string {
  const lines: string[] = [];
  let current: string | null = null;
  for (const f of findings) {
    if (f.file !== current) {
      if (current !== null) lines.push('');
      lines.push(f.file);
      current = f.file;
    }
    lines.push(`  ${f.file}:${f.line}:${f.column} ${f.level} ${f.code} ${f.message}`);
  }
  const s = summarize(findings);
  if (lines.length > 0) lines.push('');
  lines.push(`${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.recommendations, 'recommendation')}.`);
  return `${lines.join('\n')}\n`;
}

/** The machine report of `--format json`. */
export function formatJson(findings: readonly Finding[]): string {
  return `${JSON.stringify({ findings, summary: summarize(findings) }, null, 2)}\n`;
}
