import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { FormsSetup } from '../../src/app.js';
import { DEFAULT_FORM_LIMITS, type FormLimits } from '../../src/modules/forms/limits.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { stableId } from '../../src/storage/ids.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';

export const HOST = 'shop.test';
export const OWNER = 'owner@shop.test';
export const CRUMB = 'test-crumb-0123456789abcdef';
const START = Date.UTC(2026, 4, 1, 9, 0, 0);

/** A clock the test moves by hand. */
export interface TestClock {
  (): number;
  advance(ms: number): void;
}

export function testClock(start = START): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

export interface FormsSite {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  websiteId: string;
  /** An API call from a visitor (crumb cookie and header set, JSON body). */
  call(method: 'GET' | 'POST', url: string, body?: unknown, extra?: Partial<InjectOptions>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface FormsSiteOptions {
  /** The site's settings.mail; owner OWNER by default. */
  mail?: Record<string, unknown> | null;
  settings?: Record<string, unknown>;
  setup?: FormsSetup;
  smtpUrl?: string;
  config?: Partial<Config>;
  /** Build on this store instead of a fresh one (a second process on the same store). */
  store?: Store;
  clock?: TestClock;
}

/** Changes a site's settings in the store the way an import would (the version bump makes every process see it). */
async function patchSettings(store: Store, websiteId: string, patch: Record<string, unknown>): Promise<void> {
  const row = await store.db.selectFrom('site_settings').select('website_settings').where('website_id', '=', websiteId).executeTakeFirstOrThrow();
  const settings = { ...JSON.parse(row.website_settings), ...patch };
  await store.db
    .updateTable('site_settings')
    .set({ website_settings: JSON.stringify(settings) })
    .where('website_id', '=', websiteId)
    .execute();
  await store.db
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', websiteId)
    .execute();
}

/** Adds (or replaces) a form of the site, as forms/<id>.json would. */
export async function putForm(store: Store, websiteId: string, form: { id: string; name: string } & Record<string, unknown>): Promise<void> {
  const { id, name, ...definition } = form;
  await store.db.deleteFrom('forms').where('website_id', '=', websiteId).where('form_key', '=', id).execute();
  await store.db
    .insertInto('forms')
    .values({ id: stableId(websiteId, 'form', id), website_id: websiteId, form_key: id, name, definition: JSON.stringify(definition) })
    .execute();
  await store.db
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', websiteId)
    .execute();
}

/** The fixture site (shop.test) on a fresh store, with a hand-moved clock and mail to `smtpUrl` (or the log). */
export async function formsSite(dialect: Dialect, opts: FormsSiteOptions = {}): Promise<FormsSite> {
  const ownStore = !opts.store;
  const store = opts.store ?? (await freshStore(dialect));
  if (ownStore) await importSite(store, FIXTURE_SITE);
  const website = await store.db.selectFrom('websites').select('id').where('identifier', '=', 'fixture-shop').executeTakeFirstOrThrow();
  if (ownStore) {
    await patchSettings(store, website.id, { ...(opts.mail === null ? {} : { mail: opts.mail ?? { owner: OWNER } }), ...opts.settings });
    await putForm(store, website.id, EVERY_KIND_FORM);
  }
  const clock = opts.clock ?? testClock();
  const setup: FormsSetup = {
    altcha: { maxNumber: 20_000 },
    ...opts.setup,
    mail: {
      ...(opts.smtpUrl ? { transport: smtpTransport(opts.smtpUrl) } : {}),
      ...opts.setup?.mail,
      // Deliveries are started by kicks and by the test; the poll would race the test's own calls.
      sender: { pollMs: 3_600_000, ...opts.setup?.mail?.sender },
    },
  };
  const app = await buildApp(testConfig({ ...(process.env.TEST_LOG ? { logLevel: process.env.TEST_LOG } : {}), ...opts.config }), {
    store,
    clock,
    forms: setup,
  });
  await app.ready();
  const call: FormsSite['call'] = async (method, url, body, extra = {}) =>
    app.inject({
      method,
      url,
      headers: {
        host: HOST,
        cookie: `crumb=${CRUMB}`,
        'x-csrf-token': CRUMB,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...extra.headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
  return {
    app,
    store,
    clock,
    websiteId: website.id,
    call,
    async close() {
      await app.close();
      if (ownStore) await store.close();
    },
  };
}

/** Limits no test of submissions reaches. */
export const LOOSE_LIMITS: FormLimits = Object.fromEntries(
  Object.entries(DEFAULT_FORM_LIMITS).map(([k, rule]) => [k, { ...rule, limit: 1_000_000 }]),
) as unknown as FormLimits;

/** A form with every field kind of the spec. */
export const EVERY_KIND_FORM = {
  id: 'everything',
  name: 'Everything',
  submissionMessage: '<p>Thanks!</p>',
  captcha: false,
  honeypot: true,
  fields: [
    { id: 'intro', type: 'section', title: 'About you' },
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'message', type: 'textarea', title: 'Message', maxLength: 20 },
    { id: 'budget', type: 'currency', title: 'Budget', currencySymbol: '$' },
    { id: 'guests', type: 'number', title: 'Guests' },
    { id: 'site', type: 'website', title: 'Website' },
    { id: 'secret', type: 'password', title: 'Password' },
    { id: 'handle', type: 'twitter', title: 'Twitter' },
    { id: 'day', type: 'date', title: 'Date' },
    { id: 'at', type: 'time', title: 'Time' },
    { id: 'address', type: 'address', title: 'Address' },
    { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: true },
    { id: 'colour', type: 'radio', title: 'Colour', options: ['Red', 'Blue'] },
    { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Gift wrap', 'Card'] },
    { id: 'size', type: 'select', title: 'Size', options: ['S', 'M', 'L'] },
    { id: 'opinion', type: 'likert', title: 'Opinion', options: ['Fast delivery', 'Good value'] },
    { id: 'campaign', type: 'hidden', title: 'Campaign', defaultValue: 'none' },
  ],
};

/** A complete, valid `form` object for EVERY_KIND_FORM, in the spec's value shapes. */
export function everyKindValues(): Record<string, unknown> {
  return {
    name: ['Ada', 'Lovelace'],
    email: 'ada@example.com',
    message: 'Hello there',
    budget: '1,250.50',
    guests: '4',
    site: 'example.org',
    secret: 'hunter2',
    handle: 'ada',
    day: ['12', '10', '2025'],
    at: ['9', '05', 'PM'],
    address: ['1 Main St', '', 'Springfield', 'IL', '62701', 'USA'],
    phone: ['44', '020', '7946', '0018'],
    colour: 'Blue',
    extras: ['Gift wrap', 'Card'],
    size: 'M',
    opinion: { 'Fast delivery': ['2'], 'Good value': ['-1'] },
    campaign: 'spring',
  };
}

export async function submissionKey(site: FormsSite, extra?: Partial<InjectOptions>): Promise<string> {
  const res = await site.call('POST', '/api/form/FormSubmissionKey', undefined, extra);
  if (res.statusCode !== 200) throw new Error(`FormSubmissionKey answered ${res.statusCode}: ${res.body}`);
  return res.json().data.key;
}

/** Fetches a challenge from the server and solves it with altcha-lib's solver: the widget's work. */
export async function solveCaptcha(site: FormsSite): Promise<string> {
  const res = await site.call('GET', '/api/captcha/challenge');
  if (res.statusCode !== 200) throw new Error(`challenge answered ${res.statusCode}: ${res.body}`);
  const challenge = res.json() as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

export function submission(formId: string, key: string, form: unknown, extra: Record<string, unknown> = {}) {
  return { key, formId, form, pageTitle: 'Contact', pageId: 'page-1', contentSource: 'c', pagePath: '/contact', pagePermissionTypeValue: '1', ...extra };
}

export async function outbox(store: Store) {
  return store.db.selectFrom('outbox').selectAll().orderBy('created_on').orderBy('id').execute();
}

export async function submissions(store: Store, formKey?: string) {
  return store.db
    .selectFrom('form_submissions')
    .selectAll()
    .$if(formKey !== undefined, (q) => q.where('form_key', '=', formKey!))
    .orderBy('submitted_on')
    .execute();
}
