import { describe, expect, it } from 'vitest';
import { ApiError, createApi, readCrumb, unwrap } from '../src/api-client/index.js';
import { CART_MESSAGES } from '../src/cart/messages.js';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that answers from a function and keeps what was sent. */
function network(answer: (sent: Sent, signal?: AbortSignal) => Promise<Response> | Response) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => {
    const request = { url, method: init.method, headers: init.headers, body: init.body === undefined ? undefined : JSON.parse(init.body) };
    sent.push(request);
    return answer(request, init.signal);
  };
  return { sent, fetch };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the API client', () => {
  it('sends JSON with the crumb header on writes, not on reads, and answers the data', async () => {
    const net = network(() => json(200, { saved: true }));
    const api = createApi({ crumb: () => 'crumb-1', fetch: net.fetch });
    const written = await api<{ saved: boolean }>('POST', '/api/things', { name: 'a' }, { 'Idempotency-Key': 'k1' });
    expect(written).toEqual({ ok: true, status: 200, data: { saved: true } });
    expect(net.sent[0]).toMatchObject({
      url: '/api/things',
      method: 'POST',
      body: { name: 'a' },
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': 'crumb-1', 'Idempotency-Key': 'k1' },
    });
    await api('GET', '/api/things');
    expect(net.sent[1]!.headers).toEqual({ Accept: 'application/json' });
    await api('DELETE', '/api/things/1');
    expect(net.sent[2]!.headers).toEqual({ Accept: 'application/json', 'X-CSRF-Token': 'crumb-1' });
    expect(net.sent[2]!.body).toBeUndefined();
  });

  it('reads the crumb from its cookie by default, with one reader', async () => {
    expect(readCrumb({ cookie: 'a=1; crumb=c%2B1; b=2' })).toBe('c+1');
    expect(readCrumb({ cookie: 'crumbs=x; mycrumb=y' })).toBeNull();
    expect(readCrumb({ cookie: '' })).toBeNull();
    // No page (Node), or cookies blocked in a sandboxed frame: no crumb, no exception.
    expect(readCrumb()).toBeNull();
    expect(
      readCrumb({
        get cookie(): string {
          throw new Error('SecurityError');
        },
      }),
    ).toBeNull();
    const cookieJar = { cookie: 'crumb=from-cookie' };
    (globalThis as { document?: unknown }).document = cookieJar;
    try {
      const net = network(() => json(200, {}));
      await createApi({ fetch: net.fetch })('PUT', '/api/x', { a: 1 });
      expect(net.sent[0]!.headers['X-CSRF-Token']).toBe('from-cookie');
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  });

  it('sends no content type without a body, and no crumb when there is none', async () => {
    const net = network(() => json(200, {}));
    await createApi({ crumb: () => null, fetch: net.fetch })('POST', '/api/b', undefined, { 'X-XSRF-Token': 't2' });
    expect(net.sent[0]!.headers).toEqual({ Accept: 'application/json', 'X-XSRF-Token': 't2' });
  });

  it("turns an error answer into an ApiError with the server's message, code and field errors", async () => {
    const net = network(() =>
      json(400, { error: 'One or more fields is invalid.', code: 'VALIDATION_FAILED', errors: { from: 'Expected a day as YYYY-MM-DD' } }),
    );
    const answer = await createApi({ crumb: () => 'c', fetch: net.fetch })('GET', '/api/owner/analytics?from=x');
    expect(answer.ok).toBe(false);
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'One or more fields is invalid.',
      serverMessage: 'One or more fields is invalid.',
      fieldErrors: { from: 'Expected a day as YYYY-MM-DD' },
      crumbFail: false,
      network: false,
      timedOut: false,
    });
    expect(() => unwrap(answer)).toThrow(ApiError);
  });

  it('names the path it called, so that a not-found says what was not found', async () => {
    const net = network(() => json(404, { error: 'Not found.', code: 'NOT_FOUND' }));
    const answer = await createApi({ fetch: net.fetch })('GET', '/api/owner/orders/ord_404');
    expect(answer).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND', path: '/api/owner/orders/ord_404' });
    const silent = await createApi({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) })('DELETE', '/api/owner/media/m_1');
    expect(silent).toMatchObject({ ok: false, network: true, path: '/api/owner/media/m_1' });
  });

  it('prefers the message the spec puts in data.message', async () => {
    const net = network(() => json(409, { error: 'x', code: 'RESTOCK_OUT_OF_STOCK', data: { message: 'This variant is still out of stock.' } }));
    const answer = await createApi({ fetch: net.fetch, crumb: () => null })('POST', '/api/restock/send', {});
    expect(answer).toMatchObject({ status: 409, code: 'RESTOCK_OUT_OF_STOCK', message: 'This variant is still out of stock.' });
  });

  it('says the session expired on a crumb failure, or asks for cookies when the browser keeps none', async () => {
    const body = { error: 'The session crumb is missing or does not match. Reload the page and try again.', code: 'CRUMB_FAIL', crumbFail: true };
    const on = await createApi({ fetch: network(() => json(403, body)).fetch, cookiesEnabled: () => true })('POST', '/api/x', {});
    expect(on).toMatchObject({ status: 403, crumbFail: true, message: CART_MESSAGES.sessionExpired });
    expect(CART_MESSAGES.sessionExpired).toBe('Your session has expired. Please reload the page and try again.');
    const off = await createApi({ fetch: network(() => json(403, body)).fetch, cookiesEnabled: () => false })('POST', '/api/x', {});
    expect(off).toMatchObject({ crumbFail: true, message: CART_MESSAGES.enableCookies });
  });

  it('asks to wait on 429, and gives the connection hint for an answer without a message or no answer at all', async () => {
    const limited = await createApi({ fetch: network(() => json(429, { error: 'Slow down', code: 'RATE_LIMITED' })).fetch })('POST', '/api/x', {});
    expect(limited.ok ? null : limited.message).toBe(CART_MESSAGES.tryAgainShortly);
    const bare = await createApi({ fetch: network(() => new Response('<html>Bad gateway</html>', { status: 502 })).fetch })('GET', '/api/x');
    expect(bare).toMatchObject({ status: 502, code: null, serverMessage: null, message: CART_MESSAGES.checkInternetConnection, network: false });
    const offline = await createApi({ fetch: network(() => Promise.reject(new TypeError('Failed to fetch'))).fetch })('GET', '/api/x');
    expect(offline).toMatchObject({ status: 0, network: true, timedOut: false, message: CART_MESSAGES.checkInternetConnection });
  });

  it('gives up after its timeout, aborting the request', async () => {
    const net = network(
      (_sent, signal) =>
        new Promise((_resolve, reject) => {
          signal!.addEventListener('abort', () => reject(signal!.reason));
        }),
    );
    const started = Date.now();
    const answer = await createApi({ fetch: net.fetch, timeoutMs: 30 })('GET', '/api/slow');
    expect(answer).toMatchObject({ ok: false, status: 0, network: true, timedOut: true, message: CART_MESSAGES.checkInternetConnection });
    expect(answer).toBeInstanceOf(ApiError);
    expect(Date.now() - started).toBeLessThan(5_000);
    // 0: no timeout, no signal.
    const untimed = network((_sent, signal) => json(200, { signal: signal === undefined }));
    expect(await createApi({ fetch: untimed.fetch, timeoutMs: 0 })('GET', '/api/x')).toMatchObject({ data: { signal: true } });
  });

  it('builds the same error from a status and a body, as a test or a page would', () => {
    const error = new ApiError(400, { error: 'Bad range', code: 'VALIDATION_FAILED', errors: { to: 'A range holds at most 366 days' } });
    expect(error).toMatchObject({
      ok: false,
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Bad range',
      fieldErrors: { to: 'A range holds at most 366 days' },
      network: false,
    });
    expect(new ApiError(0)).toMatchObject({ network: true, timedOut: false, code: null, fieldErrors: {} });
  });

  it('answers null data for an answer without a body', async () => {
    const answer = await createApi({ fetch: network(() => new Response(null, { status: 204 })).fetch, crumb: () => 'c' })('DELETE', '/api/owner/session');
    expect(answer).toEqual({ ok: true, status: 204, data: null });
  });
});
