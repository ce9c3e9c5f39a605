// The one way the collectors talk to the server: fetch with a timeout, form encoding and the
// beacon. Kept tiny: it ships in every collector bundle.
import { ANALYTICS } from '@tessera/core/constants';

export type FormFields = Record<string, string | number | boolean | null | undefined>;

export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const JSON_TYPE = 'application/json';

/** application/x-www-form-urlencoded; null and undefined fields are left out. */
export function formEncode(fields: FormFields): string {
  const params = new URLSearchParams();
  for (const name in fields) if (fields[name] != null) params.append(name, String(fields[name]));
  return params.toString();
}

/**
 * A request that is aborted after timeoutMs (analytics posts: 2500 ms). Resolves with the
 * response whatever its status; rejects on a network failure or the timeout.
 */
export function request(url: string, init: RequestInit = {}, timeoutMs: number = ANALYTICS.postTimeoutMs): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  return fetch(url, { credentials: 'same-origin', signal: controller.signal, ...init }).finally(() => clearTimeout(timer));
}

/** POST with a content type; keepalive so a post started as the page unloads still leaves. */
export function post(url: string, body: string, type: string, headers?: Record<string, string>): Promise<Response> {
  return request(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': type, ...headers } });
}

/** Queues the body on the beacon; false when the browser has no beacon or refused it. */
export function beacon(url: string, body: string): boolean {
  try {
    return navigator.sendBeacon?.(url, body) ?? false;
  } catch {
    return false;
  }
}
