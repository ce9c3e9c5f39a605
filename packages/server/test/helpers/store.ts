import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { DirectoryBlobStore } from '../../src/storage/blobs/index.js';
import { openStore, type Dialect, type Store } from '../../src/storage/dialect.js';

export { DIALECTS } from '../../src/storage/dialect.js';

/** A database URL for a fresh, empty store of the dialect: a new SQLite file or a new PostgreSQL database. */
export async function freshDatabaseUrl(dialect: Dialect): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-sqlite-'));
    return { url: `sqlite:${path.join(dir, 'test.sqlite')}`, drop: () => fs.rm(dir, { recursive: true, force: true }) };
  }
  const admin = inject('postgresAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A migrated store on a fresh database, its assets' blobs in a fresh folder (beside the SQLite file,
 * or a temporary one for PostgreSQL); `close()` also removes the database and the blobs.
 */
export async function freshStore(dialect: Dialect): Promise<Store> {
  const { url, drop } = await freshDatabaseUrl(dialect);
  const blobDir = dialect === 'postgres' ? await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-blobs-')) : null;
  const store = await openStore(url, blobDir ? { blobs: new DirectoryBlobStore(blobDir) } : {});
  return {
    ...store,
    db: store.db,
    async close() {
      await store.close();
      await drop();
      if (blobDir) await fs.rm(blobDir, { recursive: true, force: true });
    },
  };
}
