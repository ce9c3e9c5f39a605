import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/postgres-global.js';
import { nativeCopyDir, packagedBinaries, startPostgres } from '../helpers/postgres-server.js';

// Run as root, PostgreSQL runs as the `postgres` user: a checkout that user cannot enter (a clone
// under /root, mode 0700) must still give the test run its server.
describe.skipIf(os.userInfo().uid !== 0)("the test run's PostgreSQL, wherever the checkout sits", () => {
  it('starts from binaries in a folder the postgres user cannot enter', async () => {
    const packaged = await packagedBinaries();
    const native = path.dirname(path.dirname(packaged.initdb));
    const hidden = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-private-checkout-'));
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-pg-anywhere-'));
    try {
      expect((await fs.stat(hidden)).mode & 0o777).toBe(0o700);
      await fs.cp(path.join(native, '..'), path.join(hidden, 'pkg'), { recursive: true, verbatimSymlinks: true });
      const bin = { initdb: path.join(hidden, 'pkg', 'native', 'bin', 'initdb'), postgres: path.join(hidden, 'pkg', 'native', 'bin', 'postgres') };
      const server = await startPostgres(root, await freePort(), [], bin);
      try {
        const client = new pg.Client({ connectionString: server.adminUrl });
        await client.connect();
        const { rows } = await client.query('select 1 as one');
        await client.end();
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        await server.stop();
      }
    } finally {
      await fs.rm(await nativeCopyDir(path.join(hidden, 'pkg', 'native')), { recursive: true, force: true });
      await fs.rm(hidden, { recursive: true, force: true });
      await fs.rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});
