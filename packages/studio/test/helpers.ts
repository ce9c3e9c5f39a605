import { act, screen } from '@testing-library/react';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (request: SentRequest) => Response | Promise<Response> | 'network-error';

/** Answers the page's fetch calls, path by path, and keeps every request that left the page (header names in lower case). */
export function fakeServer() {
  const requests: SentRequest[] = [];
  const handlers = new Map<string, Handler[]>();
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const request: SentRequest = {
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    requests.push(request);
    const handler = handlers.get(url)?.shift();
    if (!handler) return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
    const answer = await handler(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return answer;
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    /** The next call to the path gets this answer (answers queue up per path). */
    once(path: string, handler: Handler) {
      handlers.set(path, [...(handlers.get(path) ?? []), handler]);
      return this;
    },
    to(path: string) {
      return requests.filter((r) => r.url === path);
    },
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Lets the page's calls answer and React draw what they changed. */
export const settle = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await new Promise((r) => setTimeout(r, 0));
  });

/** What the page's live region says. */
export const live = () => screen.getByRole('status').textContent;
