// The browser's one client of Tessera's JSON API, shared by the storefront's islands and the owner's
// studio (STYLE.md, "a typed API client made by one factory"). It sends the CSRF crumb read from
// its cookie by one reader, JSON in and out, gives up after a timeout, and never throws: every
// call resolves with the data or with an ApiError, the one shape of a failure. Nothing runs at
// import time; `fetch`, `document.cookie` and `navigator` are read only when a call is made, so
// the module loads anywhere (the server's tests, Node) and stays out of bundles that do not use it.
import { cartEntryFailureMessage } from '../cart/messages.js';

/** The cookie the server sets on pages, and the header that sends it back on writes (docs/errors.md). */
export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'X-CSRF-Token';
/** A call without an answer after this long is given up (the request may still reach the server). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The `crumb` cookie's value, or null (no cookie, or cookies blocked in a sandboxed frame). */
export function readCrumb(cookie?: string): string | null {
  try {
    const match = /(?:^|;\s*)crumb=([^;]+)/.exec(cookie ?? (globalThis as { document?: { cookie: string } }).document?.cookie ?? '');
    return match ? decodeURIComponent(match[1]!) : null;
  } catch {
    return null;
  }
}

/** What a failed call tells its caller. */
export interface ApiErrorInit {
  /** The answer's HTTP status; 0 when no answer came (network failure, timeout). */
  readonly status: number;
  /** The error registry's code (docs/errors.md), or null (no answer, an unreadable body). */
  readonly code: string | null;
  /** The server's own message (`data.message` where the spec puts it, else `error`), or null. */
  readonly serverMessage: string | null;
  /** Field id -> message, for 400 VALIDATION_FAILED. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The answer flags a crumb failure (403 CRUMB_FAIL). */
  readonly crumbFail: boolean;
  /** No answer came: the request may or may not have reached the server. */
  readonly network: boolean;
  /** No answer came within the timeout. */
  readonly timedOut: boolean;
}

/**
 * A failed call: the answer's status, code, the server's message and field errors, and `message`,
 * what to show (storefront.md section 8): a crumb failure asks to reload the page ("Your session
 * has expired...", or to enable cookies when they are off), 429 asks to wait, otherwise the
 * server's message, or the connection hint when there is none. `ok` is false, so that a result
 * is told from data with `if (!answer.ok)`.
 */
export class ApiError extends Error implements ApiErrorInit {
  readonly ok = false as const;
  declare readonly status: number;
  declare readonly code: string | null;
  declare readonly serverMessage: string | null;
  declare readonly fieldErrors: Readonly<Record<string, string>>;
  declare readonly crumbFail: boolean;
  declare readonly network: boolean;
  declare readonly timedOut: boolean;

  constructor(init: ApiErrorInit, cookiesEnabled = true) {
    super(cartEntryFailureMessage({ status: init.status, crumbFail: init.crumbFail, cookiesEnabled, message: init.serverMessage ?? undefined }));
    Object.assign(this, init);
  }
}

export interface ApiSuccess<T> {
  readonly ok: true;
  readonly status: number;
  /** The parsed JSON answer; null when there was none (204). */
  readonly data: T;
}

export type ApiResult<T> = ApiSuccess<T> | ApiError;

/** The data of a result, or its ApiError thrown: for code that prefers exceptions (the studio's loaders). */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.ok) throw result;
  return result.data;
}

type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; credentials: 'same-origin'; signal?: AbortSignal }) =>
  Promise<{ readonly ok: boolean; readonly status: number; json(): Promise<unknown> }>;

export interface ApiOptions {
  /** The crumb to send on writes; `readCrumb()` by default. */
  readonly crumb?: () => string | null;
  /** The fetch to call; the page's own by default, looked up at each call. */
  readonly fetch?: FetchLike;
  /** Whether the browser keeps cookies (a crumb failure then means "enable cookies"); `navigator.cookieEnabled` by default. */
  readonly cookiesEnabled?: () => boolean;
  /** Headers sent with every call besides the client's own (the visitor account's X-XSRF-Token). */
  readonly headers?: () => Readonly<Record<string, string>>;
  /** Milliseconds before a call without an answer is given up (DEFAULT_TIMEOUT_MS; 0: never). */
  readonly timeoutMs?: number;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type ErrorBody = { error?: unknown; code?: unknown; errors?: unknown; crumbFail?: unknown; data?: { message?: unknown } };
const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function createApi(options: ApiOptions = {}) {
  const crumb = options.crumb ?? readCrumb;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cookiesEnabled = () => (options.cookiesEnabled ? options.cookiesEnabled() : (globalThis as { navigator?: { cookieEnabled?: boolean } }).navigator?.cookieEnabled !== false);

  /** One call: JSON body when given, the crumb on every method but GET, extra headers for this call only. */
  async function send<T>(method: Method, path: string, body?: unknown, extra?: Readonly<Record<string, string>>): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.(), ...extra };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = method === 'GET' ? null : crumb();
    if (token) headers[CRUMB_HEADER] = token;
    const doFetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
    let status = 0;
    let parsed: ErrorBody | null = null;
    try {
      const res = await doFetch(path, {
        method, credentials: 'same-origin', headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(timeoutMs > 0 ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
      });
      status = res.status;
      parsed = (await res.json().catch(() => null)) as ErrorBody | null;
      if (res.ok) return { ok: true, status, data: parsed as T };
    } catch (error) {
      // No answer, or one cut short: what the server did is unknown.
      return new ApiError({
        status: 0, code: null, serverMessage: null, fieldErrors: {}, crumbFail: false, network: true,
        timedOut: (error as { name?: string } | null)?.name === 'TimeoutError',
      }, cookiesEnabled());
    }
    const errors = parsed?.errors;
    return new ApiError({
      status,
      code: text(parsed?.code),
      serverMessage: text(parsed?.data?.message) ?? text(parsed?.error),
      fieldErrors: errors && typeof errors === 'object' ? (errors as Record<string, string>) : {},
      crumbFail: parsed?.crumbFail === true,
      network: false,
      timedOut: false,
    }, cookiesEnabled());
  }

  return {
    send,
    get: <T>(path: string, headers?: Readonly<Record<string, string>>) => send<T>('GET', path, undefined, headers),
    post: <T>(path: string, body?: unknown, headers?: Readonly<Record<string, string>>) => send<T>('POST', path, body, headers),
    put: <T>(path: string, body?: unknown, headers?: Readonly<Record<string, string>>) => send<T>('PUT', path, body, headers),
    delete: <T>(path: string, headers?: Readonly<Record<string, string>>) => send<T>('DELETE', path, undefined, headers),
  };
}

export type Api = ReturnType<typeof createApi>;
