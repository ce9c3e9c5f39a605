// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createAccountApi } from '../../../src/api/account.js';
import { XSRF_EXPIRY_KEY, XSRF_KEY, readSiteUserInfo, xsrfStore } from '../../../src/islands/account/xsrf.js';
import { fakeServer, memoryStorage } from './helpers.js';

const signedIn = { xsrfToken: 'x'.repeat(43), siteUserId: 'u1', email: 'ada@example.com', expiresOn: 2_000_000 };

describe('the account API client', () => {
  it("keeps the sign-in answer's xsrfToken until the session ends, and sends it with the crumb on account calls", async () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const xsrf = xsrfStore(
      () => storage,
      () => now,
    );
    const server = fakeServer({
      'POST /api/site-users/account/session': () => ({ status: 200, body: signedIn }),
      'GET /api/site-users/account/sessions': () => ({ status: 200, body: { sessions: [] } }),
    });
    const api = createAccountApi({ crumb: () => 'crumb-1', fetch: server.fetch, xsrf });
    await api.signIn('ada@example.com', 'correct horse', true);
    expect(server.calls[0]!.body).toEqual({ email: 'ada@example.com', password: 'correct horse', rememberMe: true });
    expect(server.calls[0]!.headers['X-CSRF-Token']).toBe('crumb-1');
    expect(storage.getItem(XSRF_KEY)).toBe(signedIn.xsrfToken);
    expect(storage.getItem(XSRF_EXPIRY_KEY)).toBe('2000000');
    await api.sessions();
    expect(server.calls[1]!.headers['X-XSRF-Token']).toBe(signedIn.xsrfToken);
    // Session data with an expiry is removed once expired.
    now = 2_000_001;
    expect(xsrf.get()).toBeNull();
    expect(storage.getItem(XSRF_KEY)).toBeNull();
  });

  it('retries a sign-out once when the answer flags a crumb failure, renewing the crumb first', async () => {
    let deletes = 0;
    const server = fakeServer({
      'DELETE /api/site-users/account/session': () =>
        ++deletes === 1
          ? { status: 403, body: { code: 'CRUMB_FAIL', crumbFail: true, error: 'The session crumb is missing' } }
          : { status: 200, body: { authenticated: false } },
      'GET /api/site-users/account/session': () => ({ status: 200, body: { authenticated: true } }),
    });
    const storage = memoryStorage();
    const xsrf = xsrfStore(() => storage);
    xsrf.set('t'.repeat(43));
    const api = createAccountApi({ crumb: () => 'crumb-2', fetch: server.fetch, xsrf });
    const answer = await api.signOut(true);
    expect(answer.status).toBe(200);
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/site-users/account/session?cloneCart=true',
      'GET /api/site-users/account/session',
      'DELETE /api/site-users/account/session?cloneCart=true',
    ]);
    expect(xsrf.get()).toBeNull();
  });

  it('retries a sign-out only once', async () => {
    const server = fakeServer({
      'DELETE /api/site-users/account/session': () => ({ status: 403, body: { code: 'CRUMB_FAIL', crumbFail: true } }),
      'GET /api/site-users/account/session': () => ({ status: 200, body: {} }),
    });
    const api = createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => memoryStorage()) });
    expect((await api.signOut(false)).status).toBe(403);
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('asks for a new xsrfToken once when an account call finds it missing', async () => {
    let sessionsCalls = 0;
    const server = fakeServer({
      'GET /api/site-users/account/sessions': (call) =>
        ++sessionsCalls === 1 || call.headers['X-XSRF-Token'] !== 'n'.repeat(43)
          ? { status: 403, body: { code: 'XSRF_TOKEN_INVALID' } }
          : { status: 200, body: { sessions: [] } },
      'POST /api/site-users/account/xsrf-token': () => ({ status: 200, body: { xsrfToken: 'n'.repeat(43) } }),
    });
    const storage = memoryStorage();
    const api = createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => storage) });
    expect((await api.sessions()).status).toBe(200);
    expect(server.calls.map((c) => c.path)).toEqual([
      '/api/site-users/account/sessions',
      '/api/site-users/account/xsrf-token',
      '/api/site-users/account/sessions',
    ]);
  });

  it('reads the SiteUserInfo cookie', () => {
    expect(readSiteUserInfo(`crumb=1; SiteUserInfo=${encodeURIComponent('{"authenticated":true,"siteUserId":"u1"}')}`)).toEqual({
      authenticated: true,
      siteUserId: 'u1',
    });
    expect(readSiteUserInfo('crumb=1')).toEqual({ authenticated: false, siteUserId: null });
    expect(readSiteUserInfo('SiteUserInfo=%7Bbroken')).toEqual({ authenticated: false, siteUserId: null });
  });
});
