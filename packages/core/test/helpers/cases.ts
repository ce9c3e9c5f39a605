import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared JSON-T case files live beside the repository (`../shared/jsont-cases`) when the
 * checkout has them; TESSERA_JSONT_CASES points elsewhere. Tests that sweep them are skipped
 * when the folder is absent; the cases they rely on most are also inlined in the tests.
 */
export function jsontCasesDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    process.env.TESSERA_JSONT_CASES,
    resolve(here, '../../../../../shared/jsont-cases'),
    resolve(here, '../../../../../../shared/jsont-cases'),
    '/work/shared/jsont-cases',
  ];
  return candidates.find((c): c is string => typeof c === 'string' && existsSync(join(c, 'plugins', 'resources')));
}

export interface JsontCase {
  readonly file: string;
  readonly json: unknown;
  readonly template: string;
  readonly output: string;
  readonly params: Record<string, unknown>;
}

export function readCase(path: string): JsontCase {
  const sections: Record<string, string[]> = {};
  let current: string | undefined;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^:([A-Z]+)\s*$/.exec(line);
    if (m) {
      current = m[1];
      sections[current] = [];
    } else if (current) {
      sections[current].push(line);
    }
  }
  const text = (k: string) => (sections[k] ?? []).join('\n');
  return {
    file: path.split('/').pop()!,
    json: JSON.parse(text('JSON').trim() || '{}'),
    template: text('TEMPLATE').trim(),
    output: text('OUTPUT').trim(),
    params: sections.PARAMS ? JSON.parse(text('PARAMS')) : {},
  };
}

/** The plugin case files whose names match. */
export function pluginCases(dir: string, match: RegExp): JsontCase[] {
  const folder = join(dir, 'plugins', 'resources');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.html') && match.test(f))
    .sort()
    .map((f) => readCase(join(folder, f)));
}

/** The visible text of an HTML output: tags dropped, entities decoded, white space collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}
