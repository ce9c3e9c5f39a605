// The visitor account's calls, shared by the account, member, language and password islands, on the
// one API client of @tessera/core. Account calls also carry the session's xsrfToken (X-XSRF-Token),
// asking for a new one once when the page lost it. A sign-out whose answer flags a crumb failure is
// retried once (storefront.md section 7).
import { type Api, type ApiOptions, type ApiResult, createApi } from '@tessera/core/api-client';
import { type XsrfStore, xsrfStore } from '../islands/account/xsrf.js';

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

export interface AccountApiOptions extends ApiOptions {
  readonly xsrf?: XsrfStore;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function createAccountApi({ xsrf = xsrfStore(), ...options }: AccountApiOptions = {}) {
  const client = createApi(options);
  /** Every call of the account's API carries the session's xsrfToken when the page has one. */
  const api: Api = (method, path, body, headers) => {
    const token = xsrf.get();
    return client(method, path, body, token ? { 'X-XSRF-Token': token, ...headers } : headers);
  };

  /** An account call: with a lost or stale xsrfToken, ask for a new one (the crumb vouches for the page) and try once more. */
  async function account<T>(method: Method, path: string, body?: unknown): Promise<ApiResult<T>> {
    const first = await api<T>(method, path, body);
    if (first.ok || first.status !== 403 || first.code !== 'XSRF_TOKEN_INVALID') return first;
    const fresh = await api<{ xsrfToken?: string }>('POST', '/api/site-users/account/xsrf-token');
    if (!fresh.ok || fresh.status !== 200 || !fresh.data?.xsrfToken) return first;
    xsrf.set(fresh.data.xsrfToken);
    return api<T>(method, path, body);
  }

  const keep = <T extends SignedIn>(answer: ApiResult<T>) => {
    if (answer.ok && (answer.status === 200 || answer.status === 201) && answer.data?.xsrfToken) xsrf.set(answer.data.xsrfToken, answer.data.expiresOn);
    return answer;
  };

  return {
    /** `POST /api/site-users/account/session` { email, password, rememberMe }: answers the xsrfToken, kept for later calls. */
    signIn: async (email: string, password: string, rememberMe: boolean) =>
      keep(await api<SignedIn>('POST', '/api/site-users/account/session', { email, password, rememberMe })),
    /** `POST /api/site-users/account`: a new account, signed in; with an order's token, its membership too. */
    signUp: async (fields: { email: string; password: string; firstName?: string; lastName?: string; rememberMe?: boolean; orderToken?: string }) =>
      keep(await api<SignedIn & { memberships?: Grant[] }>('POST', '/api/site-users/account', fields)),
    /**
     * After a sign-up answered 201: whether this browser is really signed in. A sign-up with an
     * address that already has an account gets the answer a new one gets (nobody learns who has
     * an account), but signs nobody in and mails the address instead: the form then asks to sign in.
     */
    confirmSignUp: async () => {
      const session = await api<{ authenticated: boolean }>('GET', '/api/site-users/account/session');
      const signedIn = session.ok && session.status === 200 && session.data?.authenticated === true;
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
      if (!answer.ok && answer.status === 403 && answer.crumbFail) {
        await api('GET', '/api/site-users/account/session');
        answer = await account<{ authenticated: false }>('DELETE', path);
      }
      if (answer.status === 200) xsrf.clear();
      return answer;
    },
    session: () => api<{ authenticated: boolean; siteUserId?: string; email?: string }>('GET', '/api/site-users/account/session'),
    sessions: () => account<{ sessions: SessionView[] }>('GET', '/api/site-users/account/sessions'),
    endSession: (id: string) => account<{ ended: number }>('DELETE', `/api/site-users/account/sessions/${encodeURIComponent(id)}`),
    endOtherSessions: () => account<{ ended: number }>('DELETE', '/api/site-users/account/sessions'),
    requestReset: (email: string) => api<{ sent: true }>('POST', '/api/site-users/account/password-reset', { email }),
    confirmReset: async (token: string, password: string) =>
      keep(await api<SignedIn>('POST', '/api/site-users/account/password-reset/confirm', { token, password })),
    claimMembership: (orderToken: string) => account<{ memberships: Grant[] }>('POST', '/api/site-users/account/memberships', { orderToken }),
    /** `POST /api/site-users/account/locale` { language }: sent only by the translation widget. */
    setLocale: (language: string) => account<{ language: string }>('POST', '/api/site-users/account/locale', { language }),
    /** `POST /api/site-password/unlock` { password, collectionId? }. */
    unlock: (password: string, collectionId?: string) =>
      api<{ unlocked: true }>('POST', '/api/site-password/unlock', collectionId ? { password, collectionId } : { password }),
    /** `POST /api/commerce/checkout` of one item (express checkout), with a new idempotency key per attempt. */
    expressCheckout: (body: { itemId: string; sku: string; email: string; payment: Record<string, string> }, key: string) =>
      api<{ confirmationUrl: string; order: { id: string } }>(
        'POST',
        '/api/commerce/checkout',
        { expressCheckout: { itemId: body.itemId, sku: body.sku, quantity: 1 }, email: body.email, payment: body.payment },
        { 'Idempotency-Key': key },
      ),
    forgetToken: () => xsrf.clear(),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

/**
 * The spec's client messages for a failed call (storefront.md section 8): no answer, a crumb
 * failure, 429, else the server's message, else a generic one.
 */
export function failureMessage(
  answer: ApiResult<unknown> | null,
  strings: { sessionExpired: string; tryAgain: string; connect: string; unknown: string },
): string {
  if (!answer || (!answer.ok && answer.network)) return strings.connect;
  if (answer.ok) return strings.unknown;
  if (answer.crumbFail) return strings.sessionExpired;
  if (answer.status === 429) return strings.tryAgain;
  return answer.serverMessage ?? strings.unknown;
}
