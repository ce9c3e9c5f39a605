import { compileTemplate, type EngineError, type EngineTemplate } from './engine.js';

/** A template error with the file it belongs to: what the log and the dev error page show. */
export interface TemplateIssue {
  file: string;
  line: number;
  column: number;
  message: string;
  code?: string;
}

/** Files of a theme that are templates. Partials (blocks/*.block) are given to the engine as source. */
const TEMPLATE_FILE = /^(site\.region|[^/]+\.region|collections\/[^/]+\.(list|item|page)|pages\/[^/]+\.page)$/;
const PARTIAL_FILE = /^blocks\/([^/]+\.block)$/;

export interface CompiledTheme {
  templates: Map<string, EngineTemplate>;
  /** Partial name ("header.block") -> source; the engine compiles each once and reuses it. */
  partials: Record<string, string>;
  /** Syntax errors of every template and partial, found when the theme was compiled. */
  syntaxErrors: TemplateIssue[];
}

function issueOf(file: string, error: EngineError): TemplateIssue {
  return {
    // Errors inside a partial name it ("header.block"); those inside a macro keep the template's file.
    file: error.partial?.endsWith('.block') ? `blocks/${error.partial}` : file,
    line: error.line,
    column: error.column,
    message: error.message,
    ...(error.code ? { code: error.code } : {}),
  };
}

/** Compiles every template of a theme once; syntax errors are collected, never thrown. */
export function compileTheme(files: Map<string, Buffer>): CompiledTheme {
  const templates = new Map<string, EngineTemplate>();
  const partials: Record<string, string> = {};
  const syntaxErrors: TemplateIssue[] = [];
  for (const [path, content] of files) {
    const partial = PARTIAL_FILE.exec(path);
    if (partial) {
      partials[partial[1]!] = content.toString('utf8');
      // Compiled here only to report its syntax errors at load time, with its own file name.
      for (const e of compileTemplate(partials[partial[1]!]!).errors) syntaxErrors.push(issueOf(path, e));
      continue;
    }
    if (!TEMPLATE_FILE.test(path)) continue;
    const template = compileTemplate(content.toString('utf8'));
    templates.set(path, template);
    for (const e of template.errors) syntaxErrors.push(issueOf(path, e));
  }
  return { templates, partials, syntaxErrors };
}

export interface RenderResult {
  output: string;
  errors: TemplateIssue[];
}

export function renderTemplate(
  theme: CompiledTheme,
  file: string,
  data: unknown,
  options: { locale: string; timeZone: string; now: number; holes?: (name: string, node: unknown) => string | undefined },
): RenderResult {
  const template = theme.templates.get(file);
  if (!template) return { output: '', errors: [{ file, line: 0, column: 0, message: `The theme has no template ${file}.` }] };
  const result = template.render(data, {
    partials: theme.partials,
    locale: options.locale,
    timeZone: options.timeZone,
    now: options.now,
    holes: options.holes,
  });
  return { output: result.output, errors: result.errors.map((e) => issueOf(file, e)) };
}

const applied = new WeakMap<CompiledTheme, Map<string, EngineTemplate>>();

/** One partial of a theme rendered on `data`, as `{@|apply name}` at the top of a page would. */
export function renderPartial(theme: CompiledTheme, name: string, data: unknown, options: { locale: string; timeZone: string; now: number }): RenderResult {
  let byName = applied.get(theme);
  if (!byName) applied.set(theme, (byName = new Map()));
  let template = byName.get(name);
  if (!template) byName.set(name, (template = compileTemplate(`{@|apply ${name}}`)));
  const result = template.render(data, { partials: theme.partials, locale: options.locale, timeZone: options.timeZone, now: options.now });
  return { output: result.output, errors: result.errors.map((e) => issueOf(`blocks/${name}`, e)) };
}
