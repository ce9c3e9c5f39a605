// The owner's API client: one factory, typed by its return (STYLE.md). Every state-changing call
// sends the crumb cookie back in X-CSRF-Token, as the server requires under /api/.
import type { AnalyticsReport } from './types.js';

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly fields: Record<string, string> = {}) {
    super(message);
  }
}

function crumb(doc: Document): string {
  const match = /(?:^|;\s*)crumb=([^;]+)/.exec(doc.cookie);
  return match ? decodeURIComponent(match[1]!) : '';
}

/**
 * One call of the owner's API: JSON in and out, the crumb header on writes, an ApiError for any
 * failure with the server's message (`data.message` where the spec puts it, else `error`).
 */
export function ownerCaller(fetcher: typeof fetch = fetch.bind(globalThis), doc: Document = document) {
  return async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET') headers['x-csrf-token'] = crumb(doc);
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetcher(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new ApiError(0, 'Network error');
    }
    if (response.status === 204) return undefined as T;
    const data = (await response.json().catch(() => ({}))) as { error?: string; errors?: Record<string, string>; data?: { message?: string } };
    if (!response.ok) throw new ApiError(response.status, data.data?.message ?? data.error ?? 'Something went wrong', data.errors);
    return data as T;
  };
}

export function createOwnerApi(fetcher: typeof fetch = fetch.bind(globalThis), doc: Document = document) {
  const call = ownerCaller(fetcher, doc);
  return {
    signIn: (email: string, password: string) => call<{ email: string; websiteRoles: number[] }>('POST', '/api/owner/session', { email, password }),
    signOut: () => call<void>('DELETE', '/api/owner/session'),
    analytics: (from: string, to: string) =>
      call<AnalyticsReport>('GET', `/api/owner/analytics?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
  };
}

export type OwnerApi = ReturnType<typeof createOwnerApi>;
