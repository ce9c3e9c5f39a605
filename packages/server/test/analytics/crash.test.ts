import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/storage/dialect.js';
import { importSite } from '../../src/site-dir/index.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { buildServer, startServer } from '../helpers/server-process.js';
import { DIALECTS, freshDatabaseUrl } from '../helpers/store.js';
import { CHROME_DESKTOP, CRUMB, eventRecord, form, pageSpeedRecord, pageView } from './helpers.js';

const start = (databaseUrl: string, dataDir: string) =>
  startServer(databaseUrl, dataDir, FIXTURE_SITE, { ANALYTICS_RATE_LIMIT: '0', ANALYTICS_ROLLUP_MS: '0' });

/**
 * One collector call per kind, each carrying `id` (a path of the site) where the store keeps it:
 * the page's path for page views, census calls, events and page-speed records, the URL's path for
 * client errors.
 */
const CALLS: ((id: string) => { url: string; type: string; body: string; headers?: Record<string, string> })[] = [
  (id) => ({
    url: '/api/census/RecordHit',
    type: 'application/x-www-form-urlencoded',
    body: form({ event: 'view', data: JSON.stringify(pageView({ pagePath: id })) }),
  }),
  (id) => ({ url: '/api/census/button-click', type: 'application/json', body: JSON.stringify({ visitorCookie: 'visitor-1', pagePath: id }) }),
  (id) => ({
    url: '/api/v1/clanker/events',
    type: 'application/json',
    body: JSON.stringify({ eventContent: JSON.stringify(eventRecord('view_cart', { page_path: id })), eventSchemaName: 'view_cart' }),
  }),
  (id) => ({
    url: '/api/events/RecordEvent',
    type: 'application/x-www-form-urlencoded',
    body: form({ crumb: CRUMB, event: 'lesson_view', data: JSON.stringify({ pagePath: id }) }),
  }),
  (id) => ({
    url: '/api/1/performance/records',
    type: 'text/plain;charset=UTF-8',
    body: JSON.stringify([pageSpeedRecord(id, { largestContentfulPaint: 1200 })]),
  }),
  (id) => ({
    url: '/api/events/RecordJavascriptErrors',
    type: 'application/json',
    headers: { 'x-csrf-token': CRUMB },
    body: JSON.stringify([{ event: 'error', data: { message: 'boom', url: `http://localhost${id}` }, timestamp: Date.now() }]),
  }),
];

/** Sends one call on a kept-alive connection; resolves with the status, or 0 when the server is gone. */
function send(agent: http.Agent, port: number, call: ReturnType<(typeof CALLS)[number]>): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: call.url,
        method: 'POST',
        agent,
        headers: {
          host: 'localhost',
          'content-type': call.type,
          'content-length': Buffer.byteLength(call.body),
          'user-agent': CHROME_DESKTOP,
          cookie: `crumb=${CRUMB}`,
          ...call.headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(call.body);
  });
}

/** The ids of every row the store holds, from the three raw tables. */
async function storedIds(databaseUrl: string): Promise<Set<string>> {
  const store = await openStore(databaseUrl);
  try {
    const ids = new Set<string>();
    for (const table of ['analytics_events', 'performance_records', 'client_errors'] as const) {
      for (const row of await store.db.selectFrom(table).select('path').execute()) ids.add(row.path);
    }
    return ids;
  } finally {
    await store.close();
  }
}

const SENDERS = 12;
/** The server is killed once this many calls were acknowledged, with the senders still sending. */
const KILL_AFTER = 600;

/**
 * The built server, killed with SIGKILL in the middle of a stream of collector calls from senders on
 * loopback: every call it acknowledged (2xx) must be in the store afterwards, as it answers only once
 * the rows are committed. The server then starts again on the same store.
 */
describe.each(DIALECTS)('analytics through kill -9 on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    buildServer();
    database = await freshDatabaseUrl(dialect);
    const store = await openStore(database.url);
    await importSite(store, FIXTURE_SITE);
    await store.close();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-crash-'));
  }, 180_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every event it acknowledged, of every collector endpoint, and starts again', async () => {
    const server = await start(database.url, dataDir);
    children.push(server.child);
    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let killed = false;
    let enough!: () => void;
    const reached = new Promise<void>((resolve) => (enough = resolve));
    const sender = async (s: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; !killed; i++) {
        const id = `/crash/${s}/${i}`;
        const status = await send(agent, server.port, CALLS[(s + i) % CALLS.length]!(id));
        if (status >= 200 && status < 300) {
          acknowledged.push(id);
          if (acknowledged.length === KILL_AFTER) enough();
        } else if (status !== 0) {
          refused.push(status);
        } else {
          break; // the server is gone
        }
      }
      agent.destroy();
    };
    const senders = Array.from({ length: SENDERS }, (_, s) => sender(s));
    await Promise.race([reached, exited]);
    server.child.kill('SIGKILL');
    await exited;
    killed = true;
    await Promise.all(senders);
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // The store as the crash left it: every acknowledged call is there.
    const stored = await storedIds(database.url);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // And the server starts again on it, and records.
    const again = await start(database.url, dataDir);
    children.push(again.child);
    const agent = new http.Agent({ keepAlive: false });
    expect(await send(agent, again.port, CALLS[0]!('/after-restart'))).toBe(202);
    const stopped = new Promise<number | null>((resolve) => again.child.once('exit', (code) => resolve(code)));
    again.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
    expect((await storedIds(database.url)).has('/after-restart')).toBe(true);
  }, 120_000);
});
