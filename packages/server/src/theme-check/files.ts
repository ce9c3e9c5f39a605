import fsp from 'node:fs/promises';
import path from 'node:path';
import { compile, type Template } from '@tessera/template';
import { listFiles } from '../site-dir/files.js';
import { baseChain, withBaseFiles, type BaseProblem } from '../modules/site/theme-base.js';

/** Files the server renders as templates (site/render.ts), and partials applied by name. */
const TEMPLATE_FILE = /^(site\.region|[^/]+\.region|collections\/[^/]+\.(list|item|page)|pages\/[^/]+\.page)$/;
const PARTIAL_FILE = /^blocks\/([^/]+\.block)$/;

function isTemplate(file: string): boolean {
  return TEMPLATE_FILE.test(file);
}

/** The name a partial is applied by ("header.block"), or null for any other file. */
export function partialName(file: string): string | null {
  return PARTIAL_FILE.exec(file)?.[1] ?? null;
}

/** Templates and partials: the files the engine compiles. */
export function isCompiled(file: string): boolean {
  return isTemplate(file) || partialName(file) !== null;
}

const compiled = new WeakMap<ReadonlyMap<string, string>, Map<string, Template>>();

/** Each template of a theme compiled once, shared by the checks that read its syntax tree. */
export function compiledFile(files: ReadonlyMap<string, string>, file: string): Template {
  let byFile = compiled.get(files);
  if (!byFile) compiled.set(files, (byFile = new Map()));
  let template = byFile.get(file);
  if (!template) byFile.set(file, (template = compile(files.get(file) ?? '')));
  return template;
}

/** The files a check reads: the manifest, templates, partials and stylesheets (never tests or images). */
export function isChecked(file: string): boolean {
  return file === 'template.conf' || isCompiled(file) || file.endsWith('.css');
}

/** A theme's files that the checks read, with those of the bases it extends, and why a base could not be read. */
export interface ThemeFiles {
  files: Map<string, string>;
  baseProblem: BaseProblem | null;
}

async function readCheckedFiles(dir: string): Promise<Map<string, string>> {
  const paths = (await listFiles(dir, dir)).filter((p) => isChecked(p) && !p.startsWith('node_modules/'));
  const entries = await Promise.all(paths.map(async (p) => [p, await fsp.readFile(path.join(dir, p), 'utf8')] as const));
  return new Map(entries);
}

/**
 * A theme's own files with the files of the built-in themes it extends (template.conf `extends`),
 * read as the server reads them for rendering (modules/site/theme.ts): its own win.
 */
export async function withBases(own: Map<string, string>, themesDir: string, dir: string | null): Promise<ThemeFiles> {
  const chain = await baseChain(own.get('template.conf'), themesDir, dir);
  const bases = await Promise.all(chain.dirs.map(readCheckedFiles));
  return { files: withBaseFiles(own, bases), baseProblem: chain.problem };
}

/** A theme folder's files that the checks read, as text, with its bases'. */
export async function readThemeDir(dir: string, themesDir: string): Promise<ThemeFiles> {
  return withBases(await readCheckedFiles(dir), themesDir, dir);
}
