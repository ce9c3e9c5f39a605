// Migration 0015-asset-blobs on a store that kept asset bytes in the database: every row's bytes move
// to the blob store, the rows name their blob, the content column goes, and the site's files are
// served and exported as before; its images get their variants from the media-variants job.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { exportSite } from '../../src/site-dir/index.js';
import { DirectoryBlobStore, readAll } from '../../src/storage/blobs/index.js';
import { openStore, sqliteFile, type Dialect, type Store } from '../../src/storage/dialect.js';
import { TesseraMigrations } from '../../src/storage/migrations/index.js';
import { testConfig } from '../helpers/app.js';
import { photo } from '../helpers/images.js';
import { DIALECTS, freshDatabaseUrl } from '../helpers/store.js';

/** The migrations before this one: a store as the previous version of Tessera left it. */
class Before0015 implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const all = await new TesseraMigrations(this.dialect).getMigrations();
    return Object.fromEntries(Object.entries(all).filter(([name]) => name < '0015'));
  }
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function rawDb(dialect: Dialect, url: string): Kysely<any> {
  if (dialect === 'postgres') return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
  return new Kysely({ dialect: new SqliteDialect({ database: new BetterSqlite3(sqliteFile(url)) }) });
}

describe.each(DIALECTS)('migration 0015-asset-blobs on %s', (dialect) => {
  let drop: () => Promise<void>;
  let url: string;
  let blobDir: string;
  let store: Store;
  let jpeg: Buffer;
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');

  beforeAll(async () => {
    ({ url, drop } = await freshDatabaseUrl(dialect));
    blobDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-migrated-blobs-'));
    jpeg = await photo(640, 480);
    const db = rawDb(dialect, url);
    const { error } = await new Migrator({ db, provider: new Before0015(dialect), allowUnorderedMigrations: true }).migrateToLatest();
    if (error) throw error;
    const now = Date.now();
    await db
      .insertInto('websites')
      .values({
        id: 'w1',
        website_id: 'w1',
        identifier: 'old',
        is_default: 1,
        theme_name: 'test',
        theme_id: null,
        source_dir: null,
        version: 1,
        created_on: now,
        updated_on: now,
      })
      .execute();
    await db
      .insertInto('site_settings')
      .values({
        website_id: 'w1',
        site_title: 'Old',
        site_description: '',
        logo: null,
        language: 'en-US',
        time_zone: 'America/New_York',
        currency: 'USD',
        social_accounts: '[]',
        website_settings: '{}',
        store_settings: '{}',
        extra: '{}',
      })
      .execute();
    await db
      .insertInto('assets')
      .values([
        {
          id: 'a1',
          website_id: 'w1',
          path: 'assets/photo.jpg',
          content_type: 'image/jpeg',
          size: jpeg.length,
          sha256: sha(jpeg),
          width: 640,
          height: 480,
          content: jpeg,
        },
        {
          id: 'a2',
          website_id: 'w1',
          path: 'assets/mark.svg',
          content_type: 'image/svg+xml',
          size: svg.length,
          sha256: sha(svg),
          width: 10,
          height: 10,
          content: svg,
        },
      ])
      .execute();
    await db.destroy();
    store = await openStore(url, { blobs: new DirectoryBlobStore(blobDir) });
  });
  afterAll(async () => {
    await store?.close();
    await drop();
    await fs.rm(blobDir, { recursive: true, force: true });
  });

  it('moves every row’s bytes to the blob store and drops the content column', async () => {
    const rows = await store.db.selectFrom('assets').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.blob_key, r.processed_on, r.media_error])).toEqual([
      ['a1', `sites/w1/originals/${rows[0]!.sha256}`, null, null],
      ['a2', `sites/w1/originals/${rows[1]!.sha256}`, null, null],
    ]);
    expect(rows[0]).not.toHaveProperty('content');
    expect((await readAll((await store.blobs.get(rows[0]!.blob_key))!.stream)).equals(jpeg)).toBe(true);
    expect((await readAll((await store.blobs.get(rows[1]!.blob_key))!.stream)).equals(svg)).toBe(true);
  });

  it('serves and exports the moved files, and the job makes the variants of the moved image', async () => {
    const app = await buildApp(testConfig(), { store, jobs: { timers: false } });
    try {
      await app.ready();
      const served = await app.inject({ url: '/assets/photo.jpg' });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(jpeg)).toBe(true);
      await app.jobs.runDue();
      const variants = await store.db.selectFrom('asset_variants').select(['width', 'format']).where('asset_id', '=', 'a1').execute();
      expect(variants).toHaveLength(6);
      expect((await app.inject({ url: '/assets/photo.jpg?format=300w', headers: { accept: 'image/webp' } })).headers['content-type']).toBe('image/webp');
    } finally {
      await app.close();
    }
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-migrated-export-'));
    try {
      await exportSite(store, out, { identifier: 'old' });
      expect((await fs.readFile(path.join(out, 'assets/photo.jpg'))).equals(jpeg)).toBe(true);
    } finally {
      await fs.rm(out, { recursive: true, force: true });
    }
  });
});
