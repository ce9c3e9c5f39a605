import fs from 'node:fs/promises';
import path from 'node:path';
import { DocError, exists, listDocs, listFiles, parseDocFile, readDoc } from './files.js';
import { SiteDirectoryError, type SiteIssue } from './checker.js';
import { checkCollectionLimits, checkSiteReferences } from './limits.js';
import { parseMedia } from './media.js';
import { parseCollection, parseForm, parseNavigation, parseSite } from './parse.js';
import type { CollectionDoc, FormDoc, SiteBundle } from './types.js';

/**
 * Reads and checks a site directory. Every problem (bad field, broken reference, content limit) is
 * collected and reported together in one SiteDirectoryError; nothing is written before that.
 */
export async function readSiteDirectory(dirArg: string): Promise<SiteBundle> {
  const dir = path.resolve(dirArg);
  const issues: SiteIssue[] = [];
  const relative = (file: string) => path.relative(dir, file).split(path.sep).join('/');
  if (!(await exists(dir)) || !(await fs.stat(dir)).isDirectory()) {
    throw new SiteDirectoryError([{ file: dir, path: '', message: 'is not a directory' }]);
  }
  const guard = async <T>(work: () => Promise<T>): Promise<T | null> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DocError) {
        issues.push({ file: relative(error.file), path: '', message: error.message });
        return null;
      }
      throw error;
    }
  };

  const siteDoc = await guard(() => readDoc(dir, 'site'));
  if (!siteDoc && issues.length === 0) issues.push({ file: 'site.json', path: '', message: 'is missing' });
  const site = siteDoc ? parseSite(issues, relative(siteDoc.file), siteDoc.value) : null;

  const navDoc = await guard(() => readDoc(dir, 'navigation'));
  const navigation = navDoc ? parseNavigation(issues, relative(navDoc.file), navDoc.value) : {};

  const collections: CollectionDoc[] = [];
  for (const { base, file } of await listDocs(path.join(dir, 'collections'))) {
    const value = await guard(() => parseDocFile(file));
    if (value === null) continue;
    const collection = parseCollection(issues, relative(file), base, value);
    if (!collection) continue;
    if (collections.some((c) => c.urlId === collection.urlId)) {
      issues.push({ file: relative(file), path: '', message: `a second file for collection "${collection.urlId}"` });
      continue;
    }
    issues.push(...checkCollectionLimits(relative(file), collection));
    collections.push(collection);
  }

  const forms: FormDoc[] = [];
  for (const { base, file } of await listDocs(path.join(dir, 'forms'))) {
    const value = await guard(() => parseDocFile(file));
    const form = value === null ? null : parseForm(issues, relative(file), base, value);
    if (form) forms.push(form);
  }

  const assets = await Promise.all(
    (await listFiles(dir, path.join(dir, 'assets'))).map(async (p) => ({ path: p, content: await fs.readFile(path.join(dir, p)) })),
  );
  const mediaDoc = await guard(() => readDoc(dir, 'media'));
  const media = mediaDoc ? parseMedia(issues, relative(mediaDoc.file), mediaDoc.value, new Set(assets.map((a) => a.path))) : undefined;
  const themeDir = path.join(dir, 'theme');
  const themePaths = await listFiles(themeDir, themeDir);
  const theme =
    themePaths.length === 0
      ? null
      : {
          files: await Promise.all(themePaths.map(async (p) => ({ path: p, content: await fs.readFile(path.join(themeDir, p)) }))),
        };

  if (!site) throw new SiteDirectoryError(issues);
  const bundle: SiteBundle = { site, navigation, collections, forms, assets, theme, sourceDir: dir, ...(media ? { media } : {}) };
  issues.push(...checkSiteReferences(bundle));
  if (issues.length > 0) throw new SiteDirectoryError(issues);
  return bundle;
}
