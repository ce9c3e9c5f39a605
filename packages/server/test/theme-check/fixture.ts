import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const THEMES_DIR = path.join(REPO, 'themes');
export const DEFAULT_THEME = path.join(THEMES_DIR, 'default');

/** The smallest theme that passes: a manifest, the layout and the pages every site needs. */
const MINIMAL: Record<string, string> = {
  'template.conf': JSON.stringify({ name: 'Mini', stylesheets: ['site.css'] }, null, 2),
  'styles/site.css': 'body { margin: 0; }\n',
  'site.region': '<!doctype html><html><body>{@|apply header.block}{squarespace.main-content}</body></html>\n',
  'blocks/header.block': '<header>{website.siteTitle}</header>\n',
  'collections/page.page': '{.section item}<h1>{title}</h1>{.end}\n',
  'pages/not-found.page': '<h1>Not found</h1>\n',
  'pages/error.page': '<h1>Error</h1>\n',
  'pages/search.page': '<h1>Search</h1>\n',
};

/** A theme folder in a temp dir: the given files (null removes one) over `base`. */
export async function themeDir(files: Record<string, string | null>, base: Record<string, string> = MINIMAL): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-theme-check-'));
  for (const [file, text] of Object.entries({ ...base, ...files })) {
    if (text === null) continue;
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** A copy of the default theme (without its tests), to break on purpose. */
export async function copyDefaultTheme(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-theme-copy-'));
  await fs.cp(DEFAULT_THEME, dir, { recursive: true, filter: (src) => !src.startsWith(path.join(DEFAULT_THEME, 'test')) });
  return dir;
}
