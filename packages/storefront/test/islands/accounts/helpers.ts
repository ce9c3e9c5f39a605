import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body: any;
  headers: Record<string, string>;
}

/** A fake server: answers by method and path from a table, records every request that left the page. */
export function fakeServer(routes: Record<string, (call: Call) => { status: number; body?: unknown }>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const call: Call = { method, path, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: { ...(init.headers as Record<string, string>) } };
    calls.push(call);
    const route = routes[`${method} ${path.split('?')[0]}`];
    if (!route) return new Response(JSON.stringify({ code: 'NOT_FOUND' }), { status: 404 });
    const answer = route(call);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** A storage of the Storage interface, in memory. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}
