import { finding, positionAt, type CheckInput, type Finding } from './types.js';
import { settingProblems } from './setting-schema.js';

const MANIFEST = 'template.conf';

type Parsed = { ok: true; value: Record<string, unknown> } | { ok: false; message: string; offset: number | null };

const parsed = new WeakMap<ReadonlyMap<string, string>, Parsed | null>();

/** template.conf parsed once per check; null when the theme has none. */
function manifestOf(files: ReadonlyMap<string, string>): Parsed | null {
  if (parsed.has(files)) return parsed.get(files)!;
  const text = files.get(MANIFEST);
  let result: Parsed | null = null;
  if (text !== undefined) {
    try {
      const value = JSON.parse(text) as unknown;
      result =
        value && typeof value === 'object' && !Array.isArray(value)
          ? { ok: true, value: value as Record<string, unknown> }
          : { ok: false, message: 'template.conf must hold one JSON object.', offset: null };
    } catch (error) {
      const message = (error as Error).message;
      const at = /position (\d+)/.exec(message);
      result = { ok: false, message: `template.conf is not valid JSON: ${message}`, offset: at ? Number(at[1]) : null };
    }
  }
  parsed.set(files, result);
  return result;
}

/** The ids of the settings the manifest declares (none when it declares no settings or is broken). */
export function declaredSettings(files: ReadonlyMap<string, string>): Set<string> {
  const m = manifestOf(files);
  const list = m?.ok && Array.isArray(m.value.settings) ? m.value.settings : [];
  return new Set(list.map((s) => (s && typeof s === 'object' ? (s as { id?: unknown }).id : undefined)).filter((id): id is string => typeof id === 'string'));
}

/** Where a quoted string first appears in the manifest, for a finding's line and column. */
function where(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(JSON.stringify(needle));
  return at === -1 ? { line: 1, column: 1 } : positionAt(text, at);
}

/** The manifest itself: present, valid JSON, a base that exists, stylesheets that exist, settings of the declared shape. */
export function checkManifest({ files, baseProblem }: CheckInput): Finding[] {
  const m = manifestOf(files);
  if (!m) return [finding('error', 'manifest-missing', 'The theme has no template.conf.', MANIFEST)];
  const text = files.get(MANIFEST)!;
  if (!m.ok) {
    const { line, column } = m.offset === null ? { line: 1, column: 1 } : positionAt(text, m.offset);
    return [finding('error', 'manifest-invalid-json', m.message, MANIFEST, line, column)];
  }
  const out: Finding[] = [];
  if (baseProblem) {
    // The base named where the chain broke: in this manifest when it is the theme's own base.
    const { line, column } = where(text, baseProblem.base);
    out.push(finding('error', baseProblem.code, `template.conf ${baseProblem.message}`, MANIFEST, line, column));
  }
  const sheets = Array.isArray(m.value.stylesheets) ? m.value.stylesheets : [];
  for (const sheet of sheets) {
    if (typeof sheet !== 'string') continue;
    // Named relative to styles/ ("site.css") or to the theme ("styles/site.css"), as the server reads them.
    const file = sheet.includes('/') ? sheet : `styles/${sheet}`;
    if (!files.has(file)) {
      const { line, column } = where(text, sheet);
      out.push(finding('error', 'missing-stylesheet', `template.conf lists the stylesheet ${file}, which does not exist.`, MANIFEST, line, column));
    }
  }
  if (m.value.settings !== undefined) {
    for (const p of settingProblems(m.value.settings)) {
      const { line, column } = p.id ? where(text, p.id) : { line: 1, column: 1 };
      out.push(finding('error', 'invalid-setting', p.message, MANIFEST, line, column));
    }
  }
  return out;
}
