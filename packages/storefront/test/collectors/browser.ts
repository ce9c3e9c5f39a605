// Test support for the collectors: the network is the one double (a fetch and a beacon that
// record what left the page); the rest is jsdom's real document, cookies and storage, reset
// between tests.
import { vi } from 'vitest';

export interface SentRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly keepalive?: boolean;
}

/** What the fake server answers: a Response, or 'hang' for a request that never answers. */
export type Answer = Response | 'hang' | 'fail';

export interface FakeNetwork {
  readonly requests: SentRequest[];
  readonly beacons: { url: string; body: string }[];
  /** Requests to one path. */
  to(path: string): SentRequest[];
  /** Form fields of a form-encoded body. */
  form(request: SentRequest): Record<string, string>;
}

export function fakeNetwork(answer: (request: SentRequest) => Answer = () => new Response(null, { status: 200 })): FakeNetwork {
  const requests: SentRequest[] = [];
  const beacons: { url: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const request: SentRequest = {
        url: String(url),
        method: init.method ?? 'GET',
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? init.body : '',
        keepalive: init.keepalive,
      };
      requests.push(request);
      const reply = answer(request);
      if (reply === 'fail') return Promise.reject(new TypeError('Failed to fetch'));
      if (reply !== 'hang') return Promise.resolve(reply);
      return new Promise((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    }),
  );
  return {
    requests,
    beacons,
    to: (path) => requests.filter((r) => r.url === path || r.url.startsWith(`${path}?`)),
    form: (request) => Object.fromEntries(new URLSearchParams(request.body)),
  };
}

/** Gives the page navigator.sendBeacon, recording what it queued. */
export function installBeacon(network: FakeNetwork, accept = true): void {
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      network.beacons.push({ url, body: String(body) });
      return accept;
    },
  });
}

function removeBeacon(): void {
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
}

/** Moves the page to another URL (jsdom keeps a cookie jar per origin). */
export function goTo(url: string): void {
  (globalThis as unknown as { jsdom: { reconfigure(o: { url: string }): void } }).jsdom.reconfigure({ url });
}

function clearCookies(): void {
  for (const part of document.cookie.split('; ')) {
    const secure = location.protocol === 'https:' ? '; secure' : '';
    if (part) document.cookie = `${part.split('=')[0]}=; max-age=-1; path=/${secure}`;
  }
}

export function cookieNames(): string[] {
  return document.cookie ? document.cookie.split('; ').map((part) => part.split('=')[0]) : [];
}

/** Makes window.localStorage and window.sessionStorage throw, as blocked storage does. */
export function blockStorage(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    vi.spyOn(window, name, 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
  }
}

export function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function clearOrigin(): void {
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
}

export function resetPage(): void {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  removeBeacon();
  delete (document as { visibilityState?: unknown }).visibilityState;
  // cookies and storage belong to an origin: clear the one the test ended on, then the default
  clearOrigin();
  goTo('http://localhost:3000/');
  clearOrigin();
  document.documentElement.removeAttribute('lang');
  document.body.innerHTML = '';
}

/** Fake timers for setTimeout and Date only: performance stays real (marks, now). */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}
