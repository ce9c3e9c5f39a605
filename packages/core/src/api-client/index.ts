// The browser's one client of Tessera's JSON API, shared by the storefront's islands and the owner's
// studio (STYLE.md, "a typed API client made by one factory"). It sends the CSRF crumb read from
// its cookie by one reader, JSON in and out, gives up after a timeout, and never throws: every
// call resolves with the data or with an ApiError, the one shape of a failure. Nothing runs at
// import time; `fetch`, `document.cookie` and `navigator` are read only when a call is made, so
// the module loads anywhere (the server's tests, Node) and stays out of bundles that do not use it.
// It rides on every product page (the add-to-cart island), within a budget of bytes: it is written
// to stay small (one function as the client, the error built from the answer's body).
import { cartEntryFailureMessage } from '../cart/messages.js';
import { readCrumb } from './crumb.js';

export { readCrumb } from './crumb.js';

/** The header that sends the crumb back on writes (docs/errors.md). */
const CRUMB_HEADER = 'X-CSRF-Token';
/** A call without an answer after this long is given up (the request may still reach the server). */
const DEFAULT_TIMEOUT_MS = 30_000;

// Tessera's error answers (docs/errors.md), as the server writes them.
type ErrorBody = { error?: string; code?: string; errors?: Record<string, string>; crumbFail?: boolean; data?: { message?: string } } | null | undefined;

/**
 * A failed call, built from the answer's status and body (docs/errors.md): its code, the server's
 * message (`data.message` where the spec puts it, else `error`), the field errors and the crumb
 * failure flag. `message` is what to show (storefront.md section 8): a crumb failure asks to reload
 * the page ("Your session has expired...", or to enable cookies when they are off), 429 asks to
 * wait, otherwise the server's message, or the connection hint when there is none. `ok` is false,
 * so that a result is told from data with `if (!answer.ok)`.
 */
export class ApiError extends Error {
  // Declared, not defined: assigned in the constructor, so that a bundle carries no field list.
  declare readonly ok: false;
  /** The answer's HTTP status; 0 when none came (network failure, timeout). */
  declare readonly status: number;
  /** The error registry's code, or null (no answer, an unreadable body). */
  declare readonly code: string | null;
  /** The server's own message, or null. */
  declare readonly serverMessage: string | null;
  /** Field id -> message, for 400 VALIDATION_FAILED. */
  declare readonly fieldErrors: Readonly<Record<string, string>>;
  /** The answer flags a crumb failure (403 CRUMB_FAIL). */
  declare readonly crumbFail: boolean;
  /** No answer came (status 0): the request may or may not have reached the server. */
  declare readonly network: boolean;
  /** No answer came within the client's timeout. */
  declare readonly timedOut: boolean;
  /** The path that was called: a 404 (NOT_FOUND) says what was not found. */
  declare readonly path: string;

  /**
   * @param status the answer's HTTP status; 0 when none came
   * @param body the answer's parsed JSON body
   * @param cookiesEnabled whether the browser keeps cookies (a crumb failure then means "enable cookies")
   * @param timedOut no answer came within the client's timeout
   * @param path the path that was called
   */
  constructor(status: number, body?: unknown, cookiesEnabled = true, timedOut = false, path = '') {
    const b = body as ErrorBody;
    const serverMessage = b?.data?.message ?? b?.error ?? null;
    const crumbFail = b?.crumbFail === true;
    super(cartEntryFailureMessage({ status, crumbFail, cookiesEnabled, message: serverMessage ?? undefined }));
    Object.assign(this, {
      ok: false,
      status,
      code: b?.code ?? null,
      serverMessage,
      crumbFail,
      network: !status,
      timedOut,
      path,
      fieldErrors: b?.errors ?? {},
    });
  }
}

interface ApiSuccess<T> {
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

type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; credentials: 'same-origin'; signal?: AbortSignal },
) => Promise<{ readonly ok: boolean; readonly status: number; json(): Promise<unknown> }>;

// Core is built without the DOM's types: the page's fetch, looked up at each call (tests replace it).
declare const fetch: FetchLike;

export interface ApiOptions {
  /** The crumb to send on writes; `readCrumb()` by default. */
  readonly crumb?: () => string | null;
  /** The fetch to call; the page's own by default. */
  readonly fetch?: FetchLike;
  /** Whether the browser keeps cookies; `navigator.cookieEnabled` by default. */
  readonly cookiesEnabled?: () => boolean;
  /** Milliseconds before a call without an answer is given up (DEFAULT_TIMEOUT_MS; 0: never). */
  readonly timeoutMs?: number;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The client: one function, `api(method, path, body?, headers?)`. A body is sent as JSON; the crumb
 * goes with every method but GET; `headers` are for this call only (an Idempotency-Key).
 */
export function createApi(options: ApiOptions = {}) {
  const crumb = options.crumb ?? readCrumb;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cookiesEnabled = () =>
    options.cookiesEnabled ? options.cookiesEnabled() : (globalThis as { navigator?: { cookieEnabled?: boolean } }).navigator?.cookieEnabled !== false;

  return async function call<T>(method: Method, path: string, body?: unknown, extra?: Readonly<Record<string, string>>): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extra };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = method === 'GET' ? null : crumb();
    if (token) headers[CRUMB_HEADER] = token;
    let res: Awaited<ReturnType<FetchLike>>;
    try {
      res = await (options.fetch ?? fetch)(path, {
        method,
        credentials: 'same-origin',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined,
      });
    } catch (error) {
      // No answer: what the server did is unknown.
      return new ApiError(0, null, cookiesEnabled(), (error as Error | null)?.name === 'TimeoutError', path);
    }
    const data = (await res.json().catch(() => null)) as T;
    return res.ok ? { ok: true, status: res.status, data } : new ApiError(res.status, data, cookiesEnabled(), false, path);
  };
}

export type Api = ReturnType<typeof createApi>;
