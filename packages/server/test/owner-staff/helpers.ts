import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { TestClock } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';
import { websiteId } from '../analytics/helpers.js';

export const PASSWORD = 'a staff password 1';
/** The fixture shop lists this host: links in mail start with its origin. */
const HOST = 'shop.test';

export interface StaffSite {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  websiteId: string;
  close(): Promise<void>;
}

/** The fixture shop with a clock the test moves; jobs run when the test asks; mail to `smtpUrl` when given. */
export async function staffSite(dialect: Dialect, config: Partial<Config> = {}): Promise<StaffSite> {
  const store = await freshStore(dialect);
  await importSite(store, FIXTURE_SITE);
  const clock = new TestClock();
  clock.now = Date.parse('2026-03-11T15:00:00.000Z');
  const app = await buildApp(testConfig(config), { store, clock: clock.fn, passwordCost: QUICK_PASSWORD_COST, jobs: { timers: false } });
  await app.ready();
  return {
    app,
    store,
    clock,
    websiteId: await websiteId(store),
    async close() {
      await app.close();
      await store.close();
    },
  };
}

export interface Answer {
  status: number;
  json: any;
  body: string;
  headers: Record<string, unknown>;
}

/** A browser of the owner's area: keeps its cookies (crumb, session) and sends the crumb header on writes. */
export class StaffBrowser {
  readonly cookies = new Map<string, string>();
  ip = '127.0.0.1';

  constructor(private readonly app: FastifyInstance) {
    this.cookies.set('crumb', randomBytes(16).toString('base64url'));
  }

  get session(): string | undefined {
    return this.cookies.get('tessera_owner');
  }

  async request(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: this.ip,
      headers: { host: HOST, cookie, 'x-csrf-token': this.cookies.get('crumb')!, ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value!.trim());
    }
    const type = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, body: res.body, json: type.startsWith('application/json') ? res.json() : null, headers: res.headers };
  }

  async signIn(email: string, password = PASSWORD): Promise<Answer> {
    return this.request('POST', '/api/owner/session', { email, password });
  }

  /** The page's context (the studio's JSON in the page), with its status. */
  async page(url: string): Promise<{ status: number; location?: string; context: any }> {
    const res = await this.request('GET', url);
    const json = /<script type="application\/json" id="tessera-studio-context">(.*?)<\/script>/s.exec(res.body)?.[1];
    return { status: res.status, location: res.headers.location as string | undefined, context: json ? JSON.parse(json) : null };
  }
}

/** An account of the role, signed in in a browser of its own. */
export async function signedIn(site: StaffSite, email: string, role: number): Promise<StaffBrowser> {
  await createTestOwner(site.store.db, site.websiteId, email, PASSWORD, role);
  const b = new StaffBrowser(site.app);
  const res = await b.signIn(email);
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${res.body}`);
  return b;
}

/** The link of a mail's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const found = text.split(/\s/).find((w) => w.startsWith(prefix));
  if (!found) throw new Error(`no link ${prefix} in:\n${text}`);
  return found;
}
