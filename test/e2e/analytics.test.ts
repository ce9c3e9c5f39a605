import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { REPO, browserSuite, e2eSite, saveScreenshot, startServer } from './harness.js';

const run = promisify(execFile);
const CLI = path.join(REPO, 'packages', 'server', 'dist', 'cli.js');
const TRACKING = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'];
const OWNER = { email: 'owner@analytics.test', password: 'a long e2e password' };
/**
 * A visitor's browser: headless Chromium's own user agent says HeadlessChrome, which is a bot's
 * (docs/analytics.md "Bots"), so the suite's Chromium says it is a desktop Chrome (a flag, as a
 * context's user agent does not reach the beacons sent as a page unloads). HEADLESS is how the
 * crawler test browses.
 */
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const HEADLESS = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36' };

/**
 * A copy of the end-to-end site with the settings a test needs (site.json "settings"), so that the
 * suite does not depend on how the demo site is configured.
 */
async function siteCopy(settings: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-e2e-site-'));
  await fs.cp(e2eSite().siteDir, dir, { recursive: true });
  const file = path.join(dir, 'site.json');
  const site = JSON.parse(await fs.readFile(file, 'utf8'));
  site.settings = { ...site.settings, ...settings };
  Object.assign(site, extra);
  await fs.writeFile(file, JSON.stringify(site, null, 2));
  return dir;
}

describe('visitor analytics, page speed and client errors in Chromium', () => {
  let db: Database.Database;
  let collection: string;
  let websiteId: string;
  const dirs: string[] = [];

  /** Rows of the store, read beside the running server (SQLite in WAL mode). */
  const rows = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Record<string, unknown>[];
  /** Waits until what the test expects is in the store (a beacon's answer is not awaited by the page). */
  async function eventually<T>(read: () => T, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = read();
      if (ok(value) || Date.now() > until) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  // Each test opens its context with ui.open.
  const ui = browserSuite(
    async () => {
      // The default site: ordinary cookie policy, page speed on. A second site answers "localhost"
      // with the restrictive cookie policy.
      const main = await siteCopy({ cookiePolicy: { restrictive: false, bannerEnabled: true }, pageSpeedEnabled: true }, { hosts: [] });
      const restrictive = await siteCopy({ cookiePolicy: { restrictive: true, bannerEnabled: true } }, { identifier: 'restrictive-e2e', hosts: ['localhost'] });
      dirs.push(main, restrictive);
      const themesDir = e2eSite().themesDir;
      const server = await startServer({ siteDir: main, themesDir });
      await run(process.execPath, [CLI, 'import', restrictive], {
        env: { ...process.env, DATA_DIR: server.dataDir, THEMES_DIR: themesDir, LOG_LEVEL: 'silent' },
      });
      await run(process.execPath, [CLI, 'owner', 'create', OWNER.email, '--password', OWNER.password], {
        env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
      });
      db = new Database(path.join(server.dataDir, 'tessera.sqlite'), { readonly: true });
      const home = await (await fetch(`${server.url}/?format=json`)).json();
      websiteId = home.website.id;
      const nav = (home.navigation.main as { fullUrl: string; folder: boolean; external: boolean }[]).find(
        (n) => !n.folder && !n.external && n.fullUrl !== '/',
      );
      collection = nav!.fullUrl;
      return server;
    },
    {
      context: false,
      browserArgs: [`--user-agent=${DESKTOP_CHROME}`],
      async cleanUp() {
        db?.close();
        for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
      },
    },
  );

  it('records page views with the page fields, and a page-speed record with real LCP and CLS when the page is left', async () => {
    await ui.open();
    const hits: string[] = [];
    ui.page.on('request', (r) => {
      if (r.url().endsWith('/api/census/RecordHit')) hits.push(r.postData() ?? '');
    });
    const settings = ui.page.waitForResponse((r) => r.url().endsWith('/api/1/performance/settings'));
    await ui.page.goto(`${ui.server.url}/`);
    expect((await settings).status()).toBe(200);
    // A real layout shift: content pushed down after load, without any input.
    await ui.page.waitForLoadState('load');
    await ui.page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            const block = document.createElement('div');
            block.style.height = '300px';
            block.textContent = 'late banner';
            document.body.prepend(block);
            requestAnimationFrame(() => resolve());
          }),
        ),
    );
    await ui.page.waitForTimeout(300);
    // Leaving the page hides it: the queued records leave by beacon (sent as the page unloads, so
    // the browser reports no request event for it: the store shows it arrived).
    await ui.page.goto(`${ui.server.url}${collection}`);
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(2);
    expect(hits.map((h) => JSON.parse(new URLSearchParams(h).get('data')!).pagePath)).toEqual(['/', collection]);

    const views = await eventually(
      () =>
        rows(
          "select path, page_type, session_id, visitor_id, device from analytics_events where kind = 'hit' and website_id = ? order by received_on",
          websiteId,
        ),
      (r) => r.length >= 2,
    );
    expect(views.map((v) => v.path)).toEqual(['/', collection]);
    expect(views[0]!.session_id).toBe(views[1]!.session_id);
    expect(views[0]!.visitor_id).toBeTruthy();
    const cookies = (await ui.context.cookies()).map((c) => c.name);
    expect(cookies).toEqual(expect.arrayContaining(['ss_cvr', 'ss_cvt', 'SS_ANALYTICS_ID', 'SS_SESSION_ID']));

    const [record] = await eventually(
      () => rows("select path, lcp, cls, inp, data from performance_records where event = 'pageSpeed'"),
      (r) => r.length >= 1,
    );
    expect(record!.path).toBe('/');
    expect(record!.lcp as number).toBeGreaterThan(0);
    expect(record!.cls as number).toBeGreaterThan(0);
    const data = JSON.parse(record!.data as string).data;
    expect(data).toMatchObject({ pathname: '/', deliveryType: 'beacon', version: '4.6.0', hostname: '127.0.0.1' });
    expect(data.timings.firstContentfulPaint).toBeGreaterThan(0);
    expect(data.timings.responseStart).toBeGreaterThanOrEqual(0);
  });

  it('reports an error thrown in the page to the error endpoint, with the crumb', async () => {
    await ui.open();
    await ui.page.goto(`${ui.server.url}${collection}`);
    const response = ui.page.waitForResponse((r) => r.url().endsWith('/api/events/RecordJavascriptErrors'));
    await ui.page.evaluate(() =>
      setTimeout(() => {
        throw new TypeError('e2e: the basket is undefined');
      }),
    );
    const answer = await response;
    expect(answer.status()).toBe(202);
    expect(answer.request().headers()['x-csrf-token']).toBeTruthy();
    const [error] = await eventually(
      () => rows("select message, name, path from client_errors where message like 'e2e:%'"),
      (r) => r.length >= 1,
    );
    expect(error).toMatchObject({ message: 'e2e: the basket is undefined', name: 'TypeError', path: collection });
  });

  it('leaves no tracking cookie under the restrictive cookie policy, and still records the page view', async () => {
    await ui.open();
    const url = new URL(ui.server.url);
    await ui.context.addCookies(TRACKING.map((name) => ({ name, value: 'old', domain: 'localhost', path: '/' })));
    const hit = ui.page.waitForRequest((r) => r.url().endsWith('/api/census/RecordHit'));
    await ui.page.goto(`http://localhost:${url.port}${collection}`);
    const form = new URLSearchParams((await hit).postData() ?? '');
    expect(form.get('ss_cvr')).toBeNull();
    expect(JSON.parse(form.get('data')!).analyticsId).toBeUndefined();
    await ui.page.goto(`http://localhost:${url.port}/`);
    const names = (await ui.context.cookies()).map((c) => c.name);
    expect(names.filter((n) => TRACKING.includes(n))).toEqual([]);
    expect(names).not.toContain('SS_ANALYTICS_ID');
  });

  it("leaves out a crawler that runs JavaScript (headless Chromium as it is): its page view is counted as a bot's, not stored", async () => {
    await ui.open(HEADLESS);
    expect(await ui.page.evaluate(() => navigator.userAgent)).toContain('HeadlessChrome');
    const views = () => rows("select count(*) as n from analytics_events where kind = 'hit'")[0]!.n as number;
    const before = views();
    const hit = ui.page.waitForResponse((r) => r.url().endsWith('/api/census/RecordHit'));
    await ui.page.goto(`${ui.server.url}${collection}`);
    const answer = await hit;
    expect(answer.status()).toBe(202);
    expect(await answer.json()).toEqual({ accepted: 0 });
    expect(views()).toBe(before);
    const [bots] = rows("select sum(count) as n from analytics_bots where website_id = ? and endpoint = 'RecordHit'", websiteId);
    expect(bots!.n).toBe(1);
  });

  it('lets the owner sign in with the keyboard and shows the charts of what was recorded; the owner is not counted', async () => {
    await ui.open({ viewport: { width: 1280, height: 900 } });
    await ui.page.goto(`${ui.server.url}/config/analytics`);
    await ui.page.waitForURL(/\/config\/login\?next=%2Fconfig%2Fanalytics$/);
    await ui.page.getByLabel('Email').fill(OWNER.email);
    await ui.page.getByLabel('Password').fill('not the password');
    await ui.page.keyboard.press('Enter');
    await expect.poll(() => ui.page.getByRole('alert').textContent()).toBe('The email or password is incorrect.');
    await ui.page.getByLabel('Password').fill(OWNER.password);
    await ui.page.keyboard.press('Enter');
    await ui.page.waitForURL(/\/config\/analytics$/);
    const cookie = (await ui.context.cookies()).find((c) => c.name === 'tessera_owner');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await ui.page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await ui.page.getByRole('img', { name: /Visits and page views per day/ }).waitFor();
    const expected = rows("select count(*) as n from analytics_events where kind = 'hit' and website_id = ?", websiteId)[0]!.n as number;
    const traffic = ui.page.getByRole('region', { name: 'Visits and page views' });
    await expect.poll(() => traffic.locator('.card-value').nth(1).textContent()).toBe(String(expected));
    // The crawler's calls above, told in one line.
    const botHits = rows('select sum(count) as n from analytics_bots where website_id = ?', websiteId)[0]!.n as number;
    expect(botHits).toBeGreaterThan(0);
    expect(await traffic.getByText(`${botHits} ${botHits === 1 ? 'hit' : 'hits'} left out as bots`).count()).toBe(1);
    const pages = ui.page.getByRole('region', { name: 'Top pages' });
    await pages.getByText('Data table').click();
    expect(await pages.getByRole('rowheader', { name: collection, exact: true }).count()).toBe(1);
    const speed = ui.page.getByRole('region', { name: 'Page speed' });
    expect(await speed.getByRole('img', { name: /^LCP at the 75th percentile: .+, (good|needs improvement|poor)\./ }).count()).toBe(1);
    expect(await speed.getByRole('img', { name: /^CLS at the 75th percentile: / }).count()).toBe(1);
    expect(await speed.getByRole('row', { name: /^\/ / }).count()).toBe(1);
    const errors = ui.page.getByRole('table', { name: 'Latest client errors, grouped by message' });
    expect(await errors.getByText('TypeError: e2e: the basket is undefined', { exact: true }).count()).toBe(1);
    await saveScreenshot(ui.page, 'analytics owner view desktop');

    // Keyboard: the range presets are buttons in the tab order.
    await ui.page.getByRole('button', { name: '7 days' }).focus();
    await ui.page.keyboard.press('Enter');
    await ui.page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=/);
    expect(await ui.page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');

    // The owner browsing the site is not counted.
    const before = rows('select count(*) as n from analytics_events')[0]!.n;
    const hits: string[] = [];
    ui.page.on('request', (r) => r.url().endsWith('/api/census/RecordHit') && hits.push(r.url()));
    await ui.page.goto(`${ui.server.url}${collection}`);
    await ui.page.waitForLoadState('load');
    await ui.page.waitForTimeout(500);
    expect(hits).toEqual([]);
    expect(rows('select count(*) as n from analytics_events')[0]!.n).toBe(before);
  });

  it('rolls up on demand from the command line, beside the running server', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'analytics', 'rollup'], { env: { ...process.env, DATA_DIR: ui.server.dataDir, LOG_LEVEL: 'silent' } });
    expect(stdout).toMatch(/^Rolled up \d+ days? \(\d+ rows\); deleted 0 raw rows older than 90 days\.\n$/);
    const [views] = rows("select count from analytics_daily where website_id = ? and metric = 'pageViews'", websiteId);
    expect(views!.count).toBe(rows("select count(*) as n from analytics_events where kind = 'hit' and website_id = ?", websiteId)[0]!.n);
  });

  it('creates an owner with the password read from standard input, and refuses a second account for the same email', () => {
    const env = { ...process.env, DATA_DIR: ui.server.dataDir, LOG_LEVEL: 'silent' };
    const created = spawnSync(process.execPath, [CLI, 'owner', 'create', 'second@analytics.test'], { env, input: 'a piped password here\n', encoding: 'utf8' });
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^Created the owner account second@analytics\.test for "[^"]+": sign in at \/config\/login\.\n$/);
    const again = spawnSync(process.execPath, [CLI, 'owner', 'create', 'second@analytics.test', '--password', 'another password'], { env, encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('second@analytics.test already has an owner account for this site');
  });

  it('fits a phone screen without sideways scrolling, and has no serious accessibility violations', async () => {
    await ui.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
    // The sign-in leads to the studio's home page unless a page was asked for: this test asks for analytics.
    await ui.page.goto(`${ui.server.url}/config/login?next=${encodeURIComponent('/config/analytics')}`);
    await ui.page.getByLabel('Email').fill(OWNER.email);
    await ui.page.getByLabel('Password').fill(OWNER.password);
    await ui.page.getByRole('button', { name: 'Sign in' }).click();
    await ui.page.getByRole('img', { name: /Visits and page views per day/ }).waitFor();
    expect(await ui.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(ui.page, 'analytics owner view phone');
    await ui.page.addScriptTag({ path: path.join(REPO, 'node_modules', 'axe-core', 'axe.min.js') });
    const violations = await ui.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe;
      return (await axe.run()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);
    // Signing out ends the session: the view sends the visitor back to the sign-in page.
    await ui.page.getByRole('button', { name: 'Sign out' }).click();
    await ui.page.waitForURL(/\/config\/login$/);
    await ui.page.goto(`${ui.server.url}/config/analytics`);
    await ui.page.waitForURL(/\/config\/login\?next=/);
  });
});
