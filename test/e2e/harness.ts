import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';

const runFile = promisify(execFile);

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * The site the end-to-end suites drive: the demo shop with the default theme once both exist in the
 * repository, otherwise the server's fixture site and test theme.
 */
export function e2eSite(): { siteDir: string; themesDir: string; name: 'demo' | 'fixture' } {
  const demo = path.join(REPO, 'sites', 'demo');
  const theme = path.join(REPO, 'themes', 'default');
  if (fs.existsSync(path.join(demo, 'site.json')) && fs.existsSync(path.join(theme, 'site.region'))) {
    return { siteDir: demo, themesDir: path.join(REPO, 'themes'), name: 'demo' };
  }
  const fixtures = path.join(REPO, 'packages', 'server', 'test', 'fixtures');
  return { siteDir: path.join(fixtures, 'sites', 'shop'), themesDir: path.join(fixtures, 'themes'), name: 'fixture' };
}

/**
 * A copy of the demo site in a temporary folder (the suite removes it), its site.json changed by
 * `edit` as an owner would change it, and any `files` (paths inside the site) written into it.
 */
export async function demoSiteCopy(name: string, edit: (site: Record<string, any>) => void, files: Readonly<Record<string, string>> = {}): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), `tessera-e2e-${name}-`));
  await fsp.cp(path.join(REPO, 'sites', 'demo'), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
  const file = path.join(dir, 'site.json');
  const site = JSON.parse(await fsp.readFile(file, 'utf8'));
  edit(site);
  await fsp.writeFile(file, JSON.stringify(site, null, 2));
  for (const [at, text] of Object.entries(files)) await fsp.writeFile(path.join(dir, at), text);
  return dir;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Every log line the server printed (pino JSON lines and plain CLI lines). */
  logs: string[];
  logEntries(): Record<string, unknown>[];
  /** Log entries at error level or above, but for a browser that closed a compressed answer early (it left the page). */
  serverErrors(): Record<string, unknown>[];
  stop(): Promise<number | null>;
}

/**
 * Starts the built server as a user would (`node packages/server/dist/cli.js start`) with a fresh
 * data directory and a free port, and waits for the address it prints. Builds nothing: `npm test`
 * builds first.
 */
export async function startServer(opts: {
  siteDir: string;
  themesDir: string;
  env?: Record<string, string>;
  /** false: the server imports the site itself, as on a real first start (otherwise it starts on a copy of this run's import). */
  seeded?: boolean;
}): Promise<RunningServer> {
  const cli = path.join(REPO, 'packages', 'server', 'dist', 'cli.js');
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run "npm run build" first (npm test does)`);
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tessera-e2e-'));
  const storeElsewhere = ['DATABASE_URL', 'ASSETS_URL', 'DATA_DIR'].some((name) => opts.env?.[name] !== undefined);
  if (opts.seeded !== false && !storeElsewhere) {
    const seed = await seedFor(cli, opts.siteDir, opts.themesDir);
    if (seed) await fsp.cp(seed, dataDir, { recursive: true });
  }
  const child: ChildProcess = spawn(process.execPath, [cli, 'start'], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: opts.siteDir,
      THEMES_DIR: opts.themesDir,
      LOG_LEVEL: 'info',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    logs.push(...lines.filter(Boolean));
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${logs.join('\n')}`)), 60_000);
    const check = () => {
      const line = logs.find((l) => / is serving at http:\/\//.test(l));
      if (line) {
        clearTimeout(timer);
        resolve(/(http:\/\/\S+)/.exec(line)![1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', check);
    exited.then((code) => reject(new Error(`the server exited with ${code}:\n${logs.join('\n')}`)));
  });

  return {
    url,
    dataDir,
    logs,
    logEntries: () => logs.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>),
    serverErrors: () =>
      logs
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((e) => Number(e.level) >= 50 && (e.err as { message?: string } | undefined)?.message !== 'premature close'),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      await fsp.rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Every file of a folder, in a stable order, with its path relative to the folder. */
async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), base) : Promise.resolve([path.relative(base, path.join(dir, e.name))]))),
  );
  return nested.flat();
}

/**
 * The data folder of this run's import of a site (seeds-global.ts), made by the first suite that asks
 * for it with `tessera import`, as an owner would; the others wait for it. Keyed by the site's
 * content, so that suites which copy the demo site unchanged share it. Undefined outside a Vitest run
 * that provides the folder, or when the import fails (the server then imports on its own and says why).
 */
async function seedFor(cli: string, siteDir: string, themesDir: string): Promise<string | undefined> {
  let root: string | undefined;
  try {
    root = inject('e2eSeeds');
  } catch {
    return undefined;
  }
  if (!root) return undefined;
  const hash = createHash('sha256').update(themesDir);
  for (const file of await filesUnder(siteDir)) hash.update(`\0${file}\0`).update(await fsp.readFile(path.join(siteDir, file)));
  const key = hash.digest('hex').slice(0, 16);
  const data = path.join(root, key);
  const marker = path.join(root, `${key}.done`);
  const lock = path.join(root, `${key}.lock`);
  const deadline = Date.now() + 120_000;
  while (!fs.existsSync(marker)) {
    try {
      await fsp.mkdir(lock);
    } catch {
      // Another suite is importing this site: wait for it (or for its failure, which removes the lock).
      if (Date.now() > deadline) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      await fsp.mkdir(data, { recursive: true });
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        DATA_DIR: data,
        SITE_DIR: siteDir,
        THEMES_DIR: themesDir,
        LOG_LEVEL: 'silent',
      };
      await runFile(process.execPath, [cli, 'import', siteDir], { env });
      await fsp.writeFile(marker, '');
    } catch {
      await fsp.rm(data, { recursive: true, force: true });
      return undefined;
    } finally {
      await fsp.rm(lock, { recursive: true, force: true });
    }
  }
  return data;
}

/** `args`: more command-line flags for Chromium (a `--user-agent` holds for every request, beacons at unload too). */
async function launchBrowser(args: string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (apt-get install -y chromium); .ci/run does`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_FLAGS, ...args] });
}

/** Saves a screenshot of the page to test-results/ when a test of the suite fails. */
function screenshotOnFailure(getPage: () => Page | undefined): void {
  afterEach(async (ctx) => {
    const page = getPage();
    if (!page || ctx.task.result?.state !== 'fail') return;
    try {
      const file = await saveScreenshot(page, `${ctx.task.suite?.name ?? 'e2e'} ${ctx.task.name}`);
      process.stderr.write(`screenshot of the failed test: ${file}\n`);
    } catch (error) {
      process.stderr.write(`no screenshot: ${(error as Error).message}\n`);
    }
  });
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(REPO, 'test-results');
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(
    dir,
    `${name
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()}.png`,
  );
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** What a browser suite's tests drive: its server and browser, and the current test's context and page. */
export interface BrowserSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught errors of the pages the current test opened, with their URL. */
  readonly pageErrors: string[];
  /** Closes the test's context, if any, and opens a new one with these options: its page becomes `page`. */
  open(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * The set-up every end-to-end suite shares: the server (`start`, which may prepare a site first)
 * and Chromium started together once, a fresh context and page per test (with `context`'s options;
 * `context: false` when the tests open their own with `open`), uncaught page errors collected per
 * test, a screenshot of a failed test, and at the end the browser closed, the server stopped with
 * exit code 0 (a clean, graceful exit), then `cleanUp`.
 */
export function browserSuite(
  start: () => Promise<RunningServer>,
  options: { context?: BrowserContextOptions | false; timeout?: number; cleanUp?: () => Promise<void> | void; browserArgs?: string[] } = {},
): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const pageErrors: string[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the suite has no ${what} yet`);
    return value;
  };
  const suite: BrowserSuite = {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get context() {
      return ready(context, 'context: open one first');
    },
    get page() {
      return ready(page, 'page: open one first');
    },
    pageErrors,
    async open(contextOptions = {}) {
      await context?.close();
      context = await suite.browser.newContext(contextOptions);
      const opened = await context.newPage();
      opened.on('pageerror', (e) => pageErrors.push(`${opened.url()}: ${e.message}`));
      page = opened;
      return opened;
    },
  };
  beforeAll(async () => {
    [server, browser] = await Promise.all([start(), launchBrowser(options.browserArgs)]);
  }, options.timeout);
  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
    await options.cleanUp?.();
  });
  beforeEach(async () => {
    pageErrors.length = 0;
    if (options.context !== false) await suite.open(options.context);
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    page = undefined;
  });
  screenshotOnFailure(() => page);
  return suite;
}

/**
 * A suite of the studio: the end-to-end site served with these staff accounts made by the CLI, and no
 * page opened per test (each test signs in its own, signInToStudio).
 */
export function studioSuite(
  accounts: Readonly<Record<string, { email: string; role: string | null }>>,
  password: string,
  env?: Record<string, string>,
): BrowserSuite {
  return browserSuite(
    async () => {
      const { siteDir, themesDir } = e2eSite();
      const server = await startServer({ siteDir, themesDir, ...(env ? { env } : {}) });
      await createStaff(server, accounts, password);
      return server;
    },
    { context: false, timeout: 120_000 },
  );
}

/** The screens the studio's suites look at: a phone and a desktop (the studio's own pages need no policy exceptions). */
export const STUDIO_PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };
export const STUDIO_DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, bypassCSP: true };

/**
 * Opens `path` of the studio in a new page of the suite (`ui.open(options)`), signs in on the sign-in
 * page it lands on, as a person does, and waits to be back on that path with the page's heading shown.
 * A path with a query is asked for again after the sign-in, which returns to the path.
 */
export async function signInToStudio(
  ui: BrowserSuite,
  who: { readonly email: string; readonly password: string },
  path: string,
  options: BrowserContextOptions = STUDIO_DESKTOP,
): Promise<Page> {
  const p = await ui.open(options);
  await p.goto(`${ui.server.url}${path}`);
  await p.waitForURL(/\/config\/login\?next=/);
  await p.getByLabel('Email').fill(who.email);
  await p.getByLabel('Password').fill(who.password);
  await p.keyboard.press('Enter');
  const bare = path.split('?')[0];
  await p.waitForURL((url) => url.pathname === bare);
  if (path.includes('?')) await p.goto(`${ui.server.url}${path}`);
  await p.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  return p;
}

/** Makes the studio's accounts with the CLI, as an owner would: each email with its website role (none: the owner, admin). */
export async function createStaff(
  server: RunningServer,
  accounts: Readonly<Record<string, { email: string; role: string | null }>>,
  password: string,
): Promise<void> {
  const env = { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' };
  const cli = path.join(REPO, 'packages', 'server', 'dist', 'cli.js');
  for (const { email, role } of Object.values(accounts)) {
    await runFile(process.execPath, [cli, 'owner', 'create', email, '--password', password, ...(role ? ['--role', role] : [])], { env });
  }
}

/** A call of the owner's API from the signed-in page, with its crumb, as the studio sends it. */
export async function ownerCall<T>(p: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return p.evaluate(
    async ({ method, url, body }) => {
      const crumb = decodeURIComponent(/(?:^|; )crumb=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': crumb },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, url, body },
  );
}
