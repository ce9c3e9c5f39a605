import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, type TestSite } from '../helpers/app.js';

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules');
const moduleFolders = fs
  .readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** What fastify-plugin records on a plugin: its name and the plugins it needs. */
interface PluginMeta {
  name?: string;
  dependencies?: string[];
}
const metaOf = (plugin: unknown): PluginMeta | undefined => (plugin as Record<symbol, PluginMeta | undefined>)[Symbol.for('plugin-meta')];

/** The server's modules keep one shape: a folder whose index.ts exports one named plugin, registered by the app. */
describe('server modules', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await fixtureApp('sqlite');
  });
  afterAll(async () => {
    await site.close();
  });

  it('export, from each folder index.ts, one fastify-plugin named after the folder, with the modules it needs', async () => {
    expect(moduleFolders.length).toBeGreaterThan(20);
    for (const folder of moduleFolders) {
      const entry = path.join(MODULES_DIR, folder, 'index.ts');
      expect(fs.existsSync(entry), `${folder}/index.ts`).toBe(true);
      const mod = (await import(entry)) as { default?: unknown };
      expect(typeof mod.default, `${folder}/index.ts default export`).toBe('function');
      const meta = metaOf(mod.default);
      expect(meta?.name, `${folder}: the plugin's name`).toBe(folder);
      for (const dependency of meta?.dependencies ?? []) {
        expect(moduleFolders.includes(dependency) || dependency.endsWith('-session'), `${folder} needs ${dependency}`).toBe(true);
      }
    }
  });

  it('are all registered by the app (fastify-plugin refuses one registered before a module it needs)', () => {
    for (const folder of moduleFolders) expect(site.app.hasPlugin(folder), folder).toBe(true);
    expect(site.app.hasPlugin('owner-session')).toBe(true);
    expect(site.app.hasPlugin('accounts-session')).toBe(true);
  });
});
