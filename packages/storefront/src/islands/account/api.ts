// The visitor account's API client, shared by the account, member, language and password islands:
// one factory, typed by what it returns (STYLE.md). Every call is same-origin and answers
// { status, body }; only a network failure rejects. Writes carry the crumb (X-CSRF-Token); account
// calls also carry the session's xsrfToken (X-XSRF-Token), asking for a new one once when the page
// lost it. A sign-out whose answer flags a crumb failure is retried once (storefront.md section 7).
import { xsrfStore, type XsrfStore } from './xsrf.js';

export interface ApiAnswer<T = unknown> {
  readonly status: number;
  readonly body: (T & ErrorBody) | null;
}

export interface ErrorBody {
  readonly error?: string;
  readonly code?: string;
  readonly errors?: Readonly<Record<string, string>>;
  readonly crumbFail?: boolean;
}

export interface SignedIn {
  readonly xsrfToken: string;
  readonly siteUserId: string;
  readonly email: string;
  readonly expiresOn: number;
}

export interface Grant {
  readonly area: string;
  readonly active: boolean;
  readonly expiresOn: number | null;
  readonly collections?: readonly { title: string; fullUrl: string }[];
}

export interface SessionView {
  readonly id: string;
  readonly current: boolean;
  readonly userAgent: string;
  readonly rememberMe: boolean;
  readonly created: number;
  readonly expiresOn: number;
}

export interface AccountApiOptions {
  readonly crumb: () => string | null;
  readonly fetch?: typeof fetch;
  readonly xsrf?: XsrfStore;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function createAccountApi({ crumb, fetch: fetchImpl = (...args) => fetch(...args), xsrf = xsrfStore() }: AccountApiOptions) {
  async function call<T>(method: Method, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
    const h: Record<string, string> = { Accept: 'application/json', ...headers };
    if (body !== undefined) h['Content-Type'] = 'application/json';
    const c = method === 'GET' ? null : crumb();
    if (c) h['X-CSRF-Token'] = c;
    const token = xsrf.get();
    if (token) h['X-XSRF-Token'] = token;
    const res = await fetchImpl(path, { method, credentials: 'same-origin', headers: h, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    let parsed: (T & ErrorBody) | null = null;
    try {
      parsed = (await res.json()) as T & ErrorBody;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  }

  /** An account call: with a lost or stale xsrfToken, ask for a new one (the crumb vouches for the page) and try once more. */
  async function account<T>(method: Method, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const first = await call<T>(method, path, body);
    if (first.status !== 403 || first.body?.code !== 'XSRF_TOKEN_INVALID') return first;
    const fresh = await call<{ xsrfToken?: string }>('POST', '/api/site-users/account/xsrf-token');
    if (fresh.status !== 200 || !fresh.body?.xsrfToken) return first;
    xsrf.set(fresh.body.xsrfToken);
    return call<T>(method, path, body);
  }

  const keep = (answer: ApiAnswer<SignedIn>) => {
    if ((answer.status === 200 || answer.status === 201) && answer.body?.xsrfToken) xsrf.set(answer.body.xsrfToken, answer.body.expiresOn);
    return answer;
  };

  return {
    /** `POST /api/site-users/account/session` { email, password, rememberMe }: answers the xsrfToken, kept for later calls. */
    signIn: async (email: string, password: string, rememberMe: boolean) =>
      keep(await call<SignedIn>('POST', '/api/site-users/account/session', { email, password, rememberMe })),
    /** `POST /api/site-users/account`: a new account, signed in; with an order's token, its membership too. */
    signUp: async (fields: { email: string; password: string; firstName?: string; lastName?: string; rememberMe?: boolean; orderToken?: string }) =>
      keep(await call<SignedIn & { memberships?: Grant[] }>('POST', '/api/site-users/account', fields)),
    /**
     * After a sign-up answered 201: whether this browser is really signed in. A sign-up with an
     * address that already has an account gets the answer a new one gets (nobody learns who has
     * an account), but signs nobody in and mails the address instead: the form then asks to sign in.
     */
    confirmSignUp: async () => {
      const session = await call<{ authenticated: boolean }>('GET', '/api/site-users/account/session');
      const signedIn = session.status === 200 && session.body?.authenticated === true;
      if (!signedIn) xsrf.clear();
      return signedIn;
    },
    /**
     * `DELETE /api/site-users/account/session?cloneCart=`: when the answer flags a crumb failure, the
     * crumb is renewed (the session call sets one) and the sign-out tried once more.
     */
    signOut: async (cloneCart: boolean) => {
      const path = `/api/site-users/account/session?cloneCart=${cloneCart}`;
      let answer = await account<{ authenticated: false }>('DELETE', path);
      if (answer.status === 403 && answer.body?.crumbFail) {
        await call('GET', '/api/site-users/account/session');
        answer = await account<{ authenticated: false }>('DELETE', path);
      }
      if (answer.status === 200) xsrf.clear();
      return answer;
    },
    session: () => call<{ authenticated: boolean; siteUserId?: string; email?: string }>('GET', '/api/site-users/account/session'),
    sessions: () => account<{ sessions: SessionView[] }>('GET', '/api/site-users/account/sessions'),
    endSession: (id: string) => account<{ ended: number }>('DELETE', `/api/site-users/account/sessions/${encodeURIComponent(id)}`),
    endOtherSessions: () => account<{ ended: number }>('DELETE', '/api/site-users/account/sessions'),
    requestReset: (email: string) => call<{ sent: true }>('POST', '/api/site-users/account/password-reset', { email }),
    confirmReset: async (token: string, password: string) => keep(await call<SignedIn>('POST', '/api/site-users/account/password-reset/confirm', { token, password })),
    claimMembership: (orderToken: string) => account<{ memberships: Grant[] }>('POST', '/api/site-users/account/memberships', { orderToken }),
    /** `POST /api/site-users/account/locale` { language }: sent only by the translation widget. */
    setLocale: (language: string) => account<{ language: string }>('POST', '/api/site-users/account/locale', { language }),
    /** `POST /api/site-password/unlock` { password, collectionId? }. */
    unlock: (password: string, collectionId?: string) =>
      call<{ unlocked: true }>('POST', '/api/site-password/unlock', collectionId ? { password, collectionId } : { password }),
    /** `POST /api/commerce/checkout` of one item (express checkout), with a new idempotency key per attempt. */
    expressCheckout: (body: { itemId: string; sku: string; email: string; payment: Record<string, string> }, key: string) =>
      call<{ confirmationUrl: string; order: { id: string } }>('POST', '/api/commerce/checkout',
        { expressCheckout: { itemId: body.itemId, sku: body.sku, quantity: 1 }, email: body.email, payment: body.payment }, { 'Idempotency-Key': key }),
    forgetToken: () => xsrf.clear(),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

/** The spec's client messages for a failed call (storefront.md section 8), else the server's, else a generic one. */
export function failureMessage(answer: ApiAnswer | null, strings: { sessionExpired: string; tryAgain: string; connect: string; unknown: string }): string {
  if (!answer) return strings.connect;
  if (answer.body?.crumbFail) return strings.sessionExpired;
  if (answer.status === 429) return strings.tryAgain;
  return answer.body?.error ?? strings.unknown;
}
