// tessera-jsont: the command line for theme developers (the only Node-specific module of the package).
//
//   tessera-jsont render <template> [--data <file.json>] [--partials <dir>] [--locale <tag>] [--time-zone <zone>] [--now <ms>]
//   tessera-jsont check <files...>
//
// Errors go to stderr as `file:line:column: CODE message`. Exit status: 1 when a template or partial has
// syntax errors, 2 for usage and file errors, else 0.

import fs from 'node:fs';
import path from 'node:path';
import { compile, type TemplateError } from './index.js';

const USAGE = `Usage:
  tessera-jsont render <template> [--data <file.json>] [--partials <dir>] [--locale <tag>] [--time-zone <zone>] [--now <ms>]
  tessera-jsont check <files...>`;

class UsageError extends Error {}

interface Io {
  out(text: string): void;
  err(text: string): void;
}

function formatError(file: string, e: TemplateError): string {
  return `${file}:${e.line}:${e.column}: ${e.code} ${e.message}`;
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

function parseOptions(args: string[]): { positional: string[]; options: Record<string, string> } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) options[a.slice(2, eq)] = a.slice(eq + 1);
      else {
        if (i + 1 >= args.length) throw new UsageError(`option ${a} needs a value`);
        options[a.slice(2)] = args[++i];
      }
    } else positional.push(a);
  }
  return { positional, options };
}

/** Every regular file of `dir`, named by its file name. */
function readPartials(dir: string): Map<string, { file: string; source: string }> {
  const partials = new Map<string, { file: string; source: string }>();
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    throw new UsageError(`cannot read partials directory ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    partials.set(entry.name, { file, source: readText(file) });
  }
  return partials;
}

function runRender(args: string[], io: Io): number {
  const { positional, options } = parseOptions(args);
  if (positional.length !== 1) throw new UsageError('render needs exactly one template file');
  const known = new Set(['data', 'partials', 'locale', 'time-zone', 'now']);
  for (const k of Object.keys(options)) if (!known.has(k)) throw new UsageError(`unknown option --${k}`);
  const templateFile = positional[0];
  const source = readText(templateFile);
  let data: unknown = {};
  if (options.data !== undefined) {
    try {
      data = JSON.parse(readText(options.data));
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`${options.data} is not valid JSON: ${(e as Error).message}`);
    }
  }
  const partialFiles = options.partials !== undefined ? readPartials(options.partials) : new Map();
  const partials: Record<string, string> = {};
  for (const [name, p] of partialFiles) partials[name] = p.source;
  let now: number | undefined;
  if (options.now !== undefined) {
    now = Number(options.now);
    if (!Number.isFinite(now)) throw new UsageError('--now must be epoch milliseconds');
  }

  // Syntax errors of the partials are reported whether or not the template uses them.
  let syntaxErrors = 0;
  for (const p of partialFiles.values()) {
    for (const e of compile(p.source).errors) {
      io.err(formatError(p.file, e));
      syntaxErrors++;
    }
  }
  const template = compile(source);
  for (const e of template.errors) io.err(formatError(templateFile, e));
  syntaxErrors += template.errors.length;

  const result = template.render(data, { partials, locale: options.locale, timeZone: options['time-zone'], now });
  for (const e of result.errors) {
    // Syntax errors of a partial were listed above; its runtime errors point into its file.
    if (e.code === 'PARTIAL_SYNTAX') continue;
    const file = e.partial !== undefined ? (partialFiles.get(e.partial)?.file ?? e.partial) : templateFile;
    io.err(formatError(file, e));
  }
  io.out(result.output);
  return syntaxErrors > 0 ? 1 : 0;
}

function runCheck(args: string[], io: Io): number {
  const { positional, options } = parseOptions(args);
  if (Object.keys(options).length > 0) throw new UsageError(`check takes no options`);
  if (positional.length === 0) throw new UsageError('check needs at least one file');
  let errors = 0;
  for (const file of positional) {
    for (const e of compile(readText(file)).errors) {
      io.err(formatError(file, e));
      errors++;
    }
  }
  return errors > 0 ? 1 : 0;
}

export function main(argv: string[], io: Io): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'render':
        return runRender(rest, io);
      case 'check':
        return runCheck(rest, io);
      case '--help':
      case '-h':
      case 'help':
        io.out(USAGE + '\n');
        return 0;
      default:
        throw new UsageError(command === undefined ? 'missing command' : `unknown command ${command}`);
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`tessera-jsont: ${e.message}`);
    io.err(USAGE);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text + '\n'),
});
