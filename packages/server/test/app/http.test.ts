import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, type TestSite } from '../helpers/app.js';

/** Behaviour of the HTTP layer that does not depend on the dialect: run on SQLite. */
describe('the HTTP layer', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await fixtureApp('sqlite');
    // A state-changing API route, as later modules add them.
    site.app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url: '/api/test/echo', handler: async (request) => ({ received: request.body }) });
    site.app.get('/api/test/query', async (request) => ({ query: request.query }));
    site.app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail at /srv/app.js:12');
    });
    site.app.get('/test/page-boom', async () => {
      throw new Error('secret page detail');
    });
    await site.app.ready();
  });
  afterAll(async () => {
    await site.close();
  });

  it('answers /healthz after checking the store', async () => {
    const res = await site.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', store: 'sqlite' });
  });

  it("sends security headers with a CSP that allows only the site's own scripts", async () => {
    const res = await site.app.inject({ url: '/?format=json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('compresses text answers for clients that accept it', async () => {
    const gzip = await site.app.inject({ url: '/shop?format=json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'));
    expect(body.pageType).toBe(1);
    const br = await site.app.inject({ url: '/shop?format=json', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).pageType).toBe(1);
    const plain = await site.app.inject({ url: '/shop?format=json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  describe('query strings (spec limits: 1000 keys, depth 5, arrays of 20)', () => {
    const query = async (qs: string) => site.app.inject({ url: `/api/test/query?${qs}` });

    it('parses nested keys and arrays', async () => {
      const res = await query('a[b]=1&list[]=x&list[]=y');
      expect(res.json().query).toEqual({ a: { b: '1' }, list: ['x', 'y'] });
    });

    it('accepts 1000 keys and refuses 1001', async () => {
      const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=1`).join('&');
      expect((await query(keys(1000))).statusCode).toBe(200);
      const refused = await query(keys(1001));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
    });

    it('accepts a depth of 5 and refuses 6', async () => {
      expect((await query('a[b][c][d][e][f]=1')).json().query).toEqual({ a: { b: { c: { d: { e: { f: '1' } } } } } });
      const refused = await query('a[b][c][d][e][f][g]=1');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('QUERY_TOO_COMPLEX');
    });

    it('accepts arrays of 20 and refuses 21', async () => {
      const items = (n: number) => Array.from({ length: n }, (_, i) => `a[]=${i}`).join('&');
      expect((await query(items(20))).json().query.a).toHaveLength(20);
      expect((await query(items(21))).statusCode).toBe(400);
      expect((await query('a[25]=1')).statusCode).toBe(400);
    });

    it('never builds prototype keys from a query', async () => {
      const res = await query('__proto__[polluted]=1&constructor[prototype][x]=1');
      expect(res.statusCode).toBe(200);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('the CSRF crumb', () => {
    it('is set on page responses when missing, readable by scripts, SameSite=Lax', async () => {
      const res = await site.app.inject({ url: '/shop?format=json' });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^crumb=[A-Za-z0-9_-]{22}; Path=\/; SameSite=Lax$/);
      const again = await site.app.inject({ url: '/shop?format=json', cookies: { crumb: 'AAAAAAAAAAAAAAAAAAAAAA' } });
      expect(again.headers['set-cookie']).toBeUndefined();
    });

    it('refuses state-changing API calls without it, with a wrong one, or with only half of it', async () => {
      const body = { hello: 'world' };
      const cases = [
        {},
        { cookies: { crumb: 'AAAAAAAAAAAAAAAAAAAAAA' } },
        { headers: { 'x-csrf-token': 'AAAAAAAAAAAAAAAAAAAAAA' } },
        { cookies: { crumb: 'AAAAAAAAAAAAAAAAAAAAAA' }, headers: { 'x-csrf-token': 'BBBBBBBBBBBBBBBBBBBBBB' } },
      ];
      for (const extra of cases) {
        const res = await site.app.inject({ method: 'POST', url: '/api/test/echo', payload: body, ...extra });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: expect.any(String), code: 'CRUMB_FAIL', crumbFail: true });
      }
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        expect((await site.app.inject({ method, url: '/api/test/echo' })).statusCode).toBe(403);
      }
    });

    it('lets a call through when the header matches the cookie', async () => {
      const page = await site.app.inject({ url: '/?format=json' });
      const crumb = /crumb=([^;]+)/.exec(String(page.headers['set-cookie']))![1]!;
      const res = await site.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { hello: 'world' },
        cookies: { crumb },
        headers: { 'x-csrf-token': crumb },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: { hello: 'world' } });
    });
  });

  describe('errors', () => {
    const crumb = 'CCCCCCCCCCCCCCCCCCCCCC';
    const auth = { cookies: { crumb }, headers: { 'x-csrf-token': crumb } };

    it('answer bad JSON with 400 INVALID_JSON, not 500', async () => {
      const res = await site.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: '{"broken',
        ...auth,
        headers: { ...auth.headers, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
    });

    it('answer an unknown content type with 415 and a body too large with 413', async () => {
      const res = await site.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: 'x',
        ...auth,
        headers: { ...auth.headers, 'content-type': 'application/x-unknown' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const big = await site.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: JSON.stringify({ x: 'y'.repeat(2_000_000) }),
        ...auth,
        headers: { ...auth.headers, 'content-type': 'application/json' },
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answer unknown API paths with a JSON 404 and never leak an internal error', async () => {
      const missing = await site.app.inject({ url: '/api/nothing' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
      const boom = await site.app.inject({ url: '/api/test/boom' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ error: 'Something went wrong.', code: 'INTERNAL' });
      expect(boom.body).not.toContain('secret');
      const page = await site.app.inject({ url: '/test/page-boom' });
      expect(page.statusCode).toBe(500);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).not.toContain('secret page detail');
      expect(page.body).not.toMatch(/at .*\.js:\d+/);
    });

    it('answer a POST to a page path with 405', async () => {
      const res = await site.app.inject({ method: 'POST', url: '/shop', ...auth });
      expect(res.statusCode).toBe(405);
      expect(res.json().code).toBe('METHOD_NOT_ALLOWED');
    });
  });

  describe('static files', () => {
    it('serves the storefront build hashed and immutable', async () => {
      const res = await site.app.inject({ url: '/static/storefront/assets/bootstrap-Fx1x2x3x.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect((await site.app.inject({ url: '/static/storefront/.vite/manifest.json' })).statusCode).toBe(404);
      expect((await site.app.inject({ url: '/static/storefront/assets/../.vite/manifest.json' })).statusCode).toBe(404);
    });

    it('serves site assets with a long cache lifetime when the URL carries their hash', async () => {
      const { json } = await (await import('../helpers/app.js')).pageJson(site.app, '/shop/blue-mug');
      const url: string = json.item.mainImage.assetUrl;
      expect(url).toMatch(/^\/assets\/shop\/mug\.svg\?v=[0-9a-f]{12}$/);
      const hashed = await site.app.inject({ url });
      expect(hashed.statusCode).toBe(200);
      expect(hashed.headers['content-type']).toBe('image/svg+xml');
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const bare = await site.app.inject({ url: '/assets/shop/mug.svg' });
      expect(bare.headers['cache-control']).toBe('public, max-age=300');
      const revalidated = await site.app.inject({ url: '/assets/shop/mug.svg', headers: { 'if-none-match': String(bare.headers.etag) } });
      expect(revalidated.statusCode).toBe(304);
      expect((await site.app.inject({ url: '/assets/shop/nothing.svg' })).statusCode).toBe(404);
    });

    it("serves the theme's styles and assets under the theme version, templates never", async () => {
      const theme = await site.app.inject({ url: '/?format=json' });
      expect(theme.statusCode).toBe(200);
      const { ThemeCache } = await import('../../src/modules/site/theme.js');
      const cache = new ThemeCache(site.store, (await import('../helpers/paths.js')).FIXTURE_THEMES, false, site.app.log);
      const website = await site.store.db.selectFrom('websites').selectAll().where('identifier', '=', 'fixture-shop').executeTakeFirstOrThrow();
      const loaded = await cache.forWebsite(website);
      expect(loaded.stylesheetUrls).toEqual([`/theme/${loaded.version}/styles/site.css`]);
      const css = await site.app.inject({ url: loaded.stylesheetUrls[0]! });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toMatch(/^text\/css/);
      expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const image = await site.app.inject({ url: `/theme/${loaded.version}/assets/stripe.svg` });
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const stale = await site.app.inject({ url: '/theme/0000000000000000/styles/site.css' });
      expect(stale.headers['cache-control']).toBe('no-cache');
      expect((await site.app.inject({ url: `/theme/${loaded.version}/site.region` })).statusCode).toBe(404);
      expect((await site.app.inject({ url: `/theme/${loaded.version}/template.conf` })).statusCode).toBe(404);
    });
  });
});
