import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgres, type PostgresServer } from './postgres-server.js';

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
 * Starts one PostgreSQL for the whole test run (helpers/postgres-server.ts); each test file makes its
 * own database in it (helpers/store.ts). Its folder is made under the temp dir.
 */
export default async function setup(project: TestProject) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-pg-'));
  const logs: string[] = [];
  let server: PostgresServer;
  try {
    server = await startPostgres(root, await freePort(), logs);
  } catch (error) {
    await fs.rm(root, { recursive: true, force: true });
    throw new Error(`embedded PostgreSQL did not start: ${String(error)}\n${logs.slice(-20).join('')}`);
  }
  project.provide('postgresAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
  };
}
