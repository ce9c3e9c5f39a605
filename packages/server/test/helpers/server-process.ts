import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { FIXTURE_STOREFRONT, FIXTURE_THEMES } from './paths.js';

const REPO = path.resolve(FIXTURE_THEMES, '..', '..', '..', '..', '..');
const CLI = path.join(REPO, 'packages', 'server', 'dist', 'cli.js');

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
}

/**
 * One `tessera start` process of the built server on a free port of 127.0.0.1, serving `siteDir` from
 * `databaseUrl`; resolves once it prints its address. `env` adds to or overrides the environment.
 */
export function startServer(databaseUrl: string, dataDir: string, siteDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [CLI, 'start'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      THEMES_DIR: FIXTURE_THEMES,
      STOREFRONT_DIST: FIXTURE_STOREFRONT,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /serving at (http:\/\/[^\s:]+:(\d+))/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, port: Number(m[2]) });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
}

/** Runs what ships: brings the server's build up to date (incremental, quick when nothing changed). */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'packages/core', 'packages/template', 'packages/server'], {
    cwd: REPO,
    stdio: 'pipe',
  });
}
