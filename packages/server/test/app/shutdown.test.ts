import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fixtureApp } from '../helpers/app.js';

function get(port: number, path: string, agent?: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('finishes a request in flight while close() is pending, and refuses new connections', async () => {
    const site = await fixtureApp('sqlite');
    let release!: () => void;
    let started!: () => void;
    const inHandler = new Promise<void>((resolve) => (started = resolve));
    site.app.get('/api/test/slow', async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      return { done: true };
    });
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = site.app.server.address() as AddressInfo;
    // An idle keep-alive connection must not hold the shutdown up.
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(port, '/healthz', agent)).status).toBe(200);

    const slow = get(port, '/api/test/slow');
    await inHandler;
    let closed = false;
    const closing = site.app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false); // still waiting for the slow request
    await expect(get(port, '/healthz')).rejects.toThrow(); // no new connections
    release();
    const answer = await slow;
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    await closing;
    expect(closed).toBe(true);
    agent.destroy();
    await site.store.close();
  });
});
