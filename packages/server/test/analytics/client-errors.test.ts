import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import type { TestSite } from '../helpers/app.js';
import { CRUMB, analyticsApp, count, postJson, storedRejections } from './helpers.js';

const error = (message: string, extra: Record<string, unknown> = {}) => ({
  event: 'error',
  data: {
    message,
    name: 'TypeError',
    stack: `TypeError: ${message}\n    at http://localhost/static/app.js:1:10`,
    filename: 'http://localhost/static/app.js',
    lineno: 1,
    colno: 10,
    url: 'http://localhost/shop?page=2',
    ...extra,
  },
  timestamp: Date.now(),
});

describe.each(DIALECTS)('client errors on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await analyticsApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });
  const send = (body: unknown, crumb: string | null = CRUMB) =>
    postJson(site.app, '/api/events/RecordJavascriptErrors', body, crumb ? { cookie: `crumb=${CRUMB}`, 'x-csrf-token': crumb } : {});

  it('stores a list of errors sent with the crumb header', async () => {
    const res = await send([error('x is undefined'), { event: 'unhandledrejection', data: { message: 'boom', url: 'http://localhost/' }, timestamp: 1 }]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await site.store.db.selectFrom('client_errors').selectAll().orderBy('message').execute();
    expect(rows.map((r) => [r.event, r.message, r.name, r.path])).toEqual([
      ['unhandledrejection', 'boom', null, '/'],
      ['error', 'x is undefined', 'TypeError', '/shop'],
    ]);
    expect(rows[1]!.stack).toContain('app.js:1:10');
    expect(JSON.parse(rows[1]!.data)).toMatchObject({ lineno: 1, colno: 10, userAgent: expect.stringContaining('Chrome') });
  });

  it('requires the crumb header, like every state-changing call (counted)', async () => {
    expect((await send([error('a')], null)).statusCode).toBe(403);
    expect((await send([error('a')], 'not-the-crumb-value')).statusCode).toBe(403);
    await site.app.ingest.queue.flush();
    expect((await storedRejections(site.store))['RecordJavascriptErrors/crumb']).toBe(2);
  });

  it('refuses more than 10 errors at once, stacks over 5000 characters and errors without a url, whole', async () => {
    const before = await count(site.store, 'client_errors');
    const eleven = Array.from({ length: 11 }, (_, i) => error(`e${i}`));
    expect((await send(eleven)).json().errors).toHaveProperty('errors');
    expect((await send([error('ok'), error('long', { stack: 's'.repeat(5001) })])).json().errors).toHaveProperty(['errors.1.data.stack']);
    expect((await send([error('ok'), { event: 'error', data: { message: 'm' }, timestamp: 1 }])).json().errors).toHaveProperty(['errors.1.data.url']);
    expect((await send([])).statusCode).toBe(400);
    await site.app.ingest.queue.flush();
    expect(await count(site.store, 'client_errors')).toBe(before);
    expect(await storedRejections(site.store)).toMatchObject({ 'RecordJavascriptErrors/errors': 2, 'RecordJavascriptErrors/errors.*.data.stack': 1 });
  });
});
