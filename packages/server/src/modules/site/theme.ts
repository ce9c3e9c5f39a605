import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { listFiles } from '../../site-dir/files.js';
import type { Store } from '../../storage/dialect.js';
import { findTheme, listThemeFiles } from '../../storage/content.js';
import type { WebsiteRow } from '../../storage/content.js';
import { filesVersion } from '../../storage/site-store.js';
import { compileTheme, type CompiledTheme } from './render.js';
import { baseChain, withBaseFiles, type BaseProblem } from './theme-base.js';
import { readThemeStyles, type StyleProblem, type StylesSchema } from '@tessera/core/styles';

/** template.conf, as far as the server reads it. */
interface ThemeConf {
  name: string;
  stylesheets: string[];
  /**
   * Blocks whose output depends on the visitor's cart (the cart indicator): a page kept for everyone
   * leaves them out and each visitor's copy is completed with their own (template.conf `visitorBlocks`).
   */
  visitorBlocks: string[];
  /** The style settings the theme declares (`aesthetics` and `settings`): null when it declares none, or wrongly. */
  styles: StylesSchema | null;
  stylesProblems: StyleProblem[];
}

export interface LoadedTheme {
  /** The template id the browser context reports: the theme's name. */
  templateId: string;
  version: string;
  conf: ThemeConf;
  files: Map<string, Buffer>;
  compiled: CompiledTheme;
  /** Where the theme's static files are served: immutable, the version is in the path. */
  baseUrl: string;
  stylesheetUrls: string[];
  /** The folder the theme was read from, when it came from disk (dev mode watches it). */
  dir: string | null;
  /** The folders of the built-in themes it extends, the nearest first (dev mode watches them too). */
  baseDirs: string[];
  /** Why its base files could not all be read (an unknown base, a cycle): the theme loads with the files it has. */
  baseProblem: BaseProblem | null;
}

/** Where a site's theme comes from: a built-in theme folder, or the site's own stored theme. */
export function themeDirFor(website: Pick<WebsiteRow, 'theme_id' | 'theme_name' | 'source_dir'>, themesDir: string): string | null {
  if (website.theme_id) return website.source_dir ? path.join(website.source_dir, 'theme') : null;
  return path.join(themesDir, website.theme_name);
}

function parseConf(files: Map<string, Buffer>, fallbackName: string, log: FastifyBaseLogger): ThemeConf {
  const raw = files.get('template.conf');
  let conf: Record<string, unknown> = {};
  if (raw) {
    try {
      conf = JSON.parse(raw.toString('utf8'));
    } catch (error) {
      log.error({ file: 'template.conf', err: (error as Error).message }, 'template.conf is not valid JSON');
    }
  }
  const styles = conf.aesthetics === undefined ? { schema: null, problems: [] } : readThemeStyles(conf);
  for (const problem of styles.problems) log.error({ file: 'template.conf', path: problem.path }, `template.conf style settings: ${problem.message}`);
  const stylesheets = Array.isArray(conf.stylesheets) ? conf.stylesheets.filter((s): s is string => typeof s === 'string') : [];
  return {
    name: typeof conf.name === 'string' ? conf.name : fallbackName,
    // Stylesheets are named relative to styles/ ("site.css") or to the theme ("styles/site.css").
    stylesheets: stylesheets.map((s) => (s.includes('/') ? s : `styles/${s}`)),
    // Named as partials are applied ("cart-indicator.block"), or by their file ("blocks/cart-indicator.block").
    visitorBlocks: (Array.isArray(conf.visitorBlocks) ? conf.visitorBlocks : [])
      .filter((b): b is string => typeof b === 'string')
      .map((b) => b.replace(/^blocks\//, ''))
      .filter((b) => /^[\w.-]+\.block$/.test(b)),
    styles: styles.schema,
    stylesProblems: styles.problems,
  };
}

async function readDir(dir: string): Promise<Map<string, Buffer>> {
  const paths = await listFiles(dir, dir);
  const entries = await Promise.all(paths.map(async (p) => [p, await fsp.readFile(path.join(dir, p))] as const));
  return new Map(entries);
}

/** A theme's own files with those of the bases it extends (template.conf `extends`). */
async function readWithBases(
  own: Map<string, Buffer>,
  themesDir: string,
  dir: string | null,
): Promise<{ files: Map<string, Buffer>; baseDirs: string[]; baseProblem: BaseProblem | null }> {
  const chain = await baseChain(own.get('template.conf')?.toString('utf8'), themesDir, dir);
  const bases = await Promise.all(chain.dirs.map(readDir));
  return { files: withBaseFiles(own, bases), baseDirs: chain.dirs, baseProblem: chain.problem };
}

/**
 * A theme folder's files as the renderer reads them: its own and those of the built-in themes it
 * extends. The themes' own tests read a theme so.
 */
export async function readThemeFolder(dir: string, themesDir: string): Promise<Map<string, Buffer>> {
  return (await readWithBases(await readDir(dir), themesDir, dir)).files;
}

async function buildTheme(own: Map<string, Buffer>, name: string, dir: string | null, themesDir: string, log: FastifyBaseLogger): Promise<LoadedTheme> {
  const { files, baseDirs, baseProblem } = await readWithBases(own, themesDir, dir);
  if (baseProblem) log.error({ file: 'template.conf', base: baseProblem.base }, `template.conf ${baseProblem.message}`);
  const version = filesVersion([...files].map(([p, content]) => ({ path: p, content })));
  const conf = parseConf(files, name, log);
  const compiled = compileTheme(files);
  for (const issue of compiled.syntaxErrors) {
    log.error({ template: issue.file, line: issue.line, column: issue.column, code: issue.code }, `template error: ${issue.message}`);
  }
  const baseUrl = `/theme/${version}/`;
  for (const sheet of conf.stylesheets) {
    if (!files.has(sheet)) log.error({ template: 'template.conf', stylesheet: sheet }, `template.conf names a stylesheet that does not exist: ${sheet}`);
  }
  return {
    templateId: conf.name,
    version,
    conf,
    files,
    compiled,
    baseUrl,
    stylesheetUrls: conf.stylesheets.filter((s) => files.has(s)).map((s) => baseUrl + s),
    dir,
    baseDirs,
    baseProblem,
  };
}

/**
 * Loads and compiles themes, once per theme version. In dev mode themes are read from their folder
 * on disk and the folder is watched: a change drops the cached theme, and the next page recompiles.
 */
export class ThemeCache {
  private readonly cache = new Map<string, Promise<LoadedTheme>>();
  private readonly watchers = new Map<string, fs.FSWatcher>();
  /** Per website row (one per site version), its stored theme. */
  private readonly byWebsiteRow = new WeakMap<WebsiteRow, Promise<LoadedTheme>>();

  constructor(
    private readonly store: Store,
    private readonly themesDir: string,
    private readonly dev: boolean,
    private readonly log: FastifyBaseLogger,
  ) {}

  async forWebsite(website: WebsiteRow): Promise<LoadedTheme> {
    const dir = themeDirFor(website, this.themesDir);
    if (!website.theme_id || (this.dev && dir && fs.existsSync(dir))) {
      if (!dir) throw new Error(`site ${website.identifier} has no theme folder`);
      return this.cached(`dir:${dir}`, async () => {
        if (!fs.existsSync(dir)) throw new Error(`theme folder ${dir} does not exist`);
        if (this.dev) this.watch(`dir:${dir}`, dir);
        const theme = await buildTheme(await readDir(dir), website.theme_name, dir, this.themesDir, this.log);
        // A change in a base changes the theme too: the bases' folders are watched with the theme's.
        if (this.dev) for (const base of theme.baseDirs) this.watch(`dir:${dir}`, base);
        return theme;
      });
    }
    // A site's stored theme changes only with its version (a new website row): read once per version.
    if (!this.dev) {
      let kept = this.byWebsiteRow.get(website);
      if (!kept) {
        kept = this.storedTheme(website, website.theme_id);
        this.byWebsiteRow.set(website, kept);
        kept.catch(() => this.byWebsiteRow.delete(website));
      }
      return kept;
    }
    return this.storedTheme(website, website.theme_id);
  }

  private async storedTheme(website: WebsiteRow, themeId: string): Promise<LoadedTheme> {
    const themeRow = await findTheme(this.store.db, website.id, themeId);
    if (!themeRow) throw new Error(`site ${website.identifier} names a stored theme that does not exist`);
    const key = `stored:${themeRow.id}:${themeRow.version}`;
    return this.cached(key, async () => {
      const rows = await listThemeFiles(this.store.db, themeRow.id);
      const theme = await buildTheme(new Map(rows.map((r) => [r.path, Buffer.from(r.content)])), themeRow.name, null, this.themesDir, this.log);
      if (this.dev) for (const watched of theme.baseDirs) this.watch(key, watched);
      return theme;
    });
  }

  private cached(key: string, load: () => Promise<LoadedTheme>): Promise<LoadedTheme> {
    let entry = this.cache.get(key);
    if (!entry) {
      entry = load();
      this.cache.set(key, entry);
      entry.catch(() => this.cache.delete(key));
    }
    return entry;
  }

  private watch(key: string, dir: string): void {
    const watchKey = `${key}\n${dir}`;
    if (this.watchers.has(watchKey)) return;
    let timer: NodeJS.Timeout | null = null;
    const watcher = fs.watch(dir, { recursive: true }, () => {
      // Editors write a file in several steps: wait for the burst to end, then drop the theme.
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        this.cache.delete(key);
        this.log.info({ theme: dir }, 'theme changed: recompiling on the next request');
      }, 50);
    });
    watcher.on('error', (error) => this.log.warn({ theme: dir, err: error.message }, 'theme watcher failed'));
    this.watchers.set(watchKey, watcher);
  }

  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}

/** A built-in theme as the owner's theme switch lists it. */
export interface ThemeChoice {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  readonly preview?: string;
}

/** The built-in themes: each folder of THEMES_DIR with a template.conf, by folder name. */
export async function listBuiltInThemes(themesDir: string): Promise<ThemeChoice[]> {
  const entries = await fsp.readdir(themesDir, { withFileTypes: true }).catch(() => []);
  const found = await Promise.all(
    entries
      .filter((e) => e.isDirectory())
      .map(async (e): Promise<ThemeChoice | null> => {
        try {
          const conf = JSON.parse(await fsp.readFile(path.join(themesDir, e.name, 'template.conf'), 'utf8')) as Record<string, unknown>;
          const preview = typeof conf.preview === 'string' ? { preview: conf.preview } : {};
          return {
            name: e.name,
            label: typeof conf.name === 'string' ? conf.name : e.name,
            description: typeof conf.description === 'string' ? conf.description : '',
            ...preview,
          };
        } catch {
          return null;
        }
      }),
  );
  return found.filter((t): t is ThemeChoice => t !== null).sort((a, b) => a.name.localeCompare(b.name));
}
