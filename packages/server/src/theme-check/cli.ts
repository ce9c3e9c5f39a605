import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Store } from '../storage/dialect.js';
import { findTheme, listCollections, listThemeFiles } from '../storage/content.js';
import { themeDirFor } from '../modules/site/theme.js';
import { isChecked, withBases, type ThemeFiles } from './files.js';
import { checkTheme, formatJson, formatText, readThemeDir, summarize } from './index.js';

class ThemeCliError extends Error {}

interface ThemeSource extends ThemeFiles {
  /** The collection types of the site the theme serves; absent when checking a folder on its own. */
  collectionTypes?: string[];
}

/** The theme of a site in the store (its folder, or the files stored for it) with the site's collection types. */
async function siteTheme(store: Store, themesDir: string, identifier: string | undefined): Promise<ThemeSource> {
  const q = store.db.selectFrom('websites').selectAll();
  const website = identifier
    ? await q.where('identifier', '=', identifier).executeTakeFirst()
    : await q.orderBy('is_default', 'desc').orderBy('created_on').executeTakeFirst();
  if (!website)
    throw new ThemeCliError(identifier ? `no site "${identifier}" in the store` : 'the store holds no site: name a theme folder, tessera theme check <dir>');
  const collectionTypes = [...new Set((await listCollections(store.db, website.id)).map((c) => c.type_name))];
  const dir = themeDirFor(website, themesDir);
  if (dir) return { ...(await readFolder(dir, themesDir)), collectionTypes };
  const row = website.theme_id ? await findTheme(store.db, website.id, website.theme_id) : undefined;
  if (!row) throw new ThemeCliError(`the site "${website.identifier}" names a stored theme that does not exist`);
  const rows = await listThemeFiles(store.db, row.id);
  const files = new Map(rows.filter((r) => isChecked(r.path)).map((r) => [r.path, Buffer.from(r.content).toString('utf8')]));
  return { ...(await withBases(files, themesDir, null)), collectionTypes };
}

async function readFolder(dir: string, themesDir: string): Promise<ThemeFiles> {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new ThemeCliError(`${dir} is not a theme folder`);
  return readThemeDir(path.resolve(dir), themesDir);
}

/**
 * `tessera theme check [dir] [--format text|json] [--site <identifier>]`: prints the findings and
 * answers the exit status (1 when there is an error). Without a folder the store is opened (by
 * `withStore`) to find the site's theme and its collections.
 */
export async function runThemeCommand(
  args: string[],
  themesDir: string,
  withStore: <T>(work: (store: Store) => Promise<T>) => Promise<T>,
  write: (text: string) => void,
): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'check') throw new ThemeCliError(`unknown theme command "${sub ?? ''}": use "tessera theme check [dir]"`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { format: { type: 'string', default: 'text' }, site: { type: 'string' } },
  });
  if (values.format !== 'text' && values.format !== 'json') throw new ThemeCliError('--format is text or json');
  const dir = positionals[0];
  const source: ThemeSource = dir ? await readFolder(dir, themesDir) : await withStore((store) => siteTheme(store, themesDir, values.site));
  const findings = checkTheme(source);
  write(values.format === 'json' ? formatJson(findings) : formatText(findings));
  return summarize(findings).errors > 0 ? 1 : 0;
}
