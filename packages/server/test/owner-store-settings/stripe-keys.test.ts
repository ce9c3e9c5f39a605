import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../src/site-dir/index.js';
import { ADDRESS, Visitor } from '../commerce/helpers.js';
import { DIALECTS } from '../helpers/store.js';
import { LocalStripe } from '../helpers/stripe-api.js';
import { SETTINGS, edited, settingsSite, type SettingsSite } from './helpers.js';

const KEYS = '/api/owner/payments/stripe';
const TEST_KEY = 'sk_test_51TesseraOwnerKey0000000007';
const LIVE_KEY = 'rk_live_51TesseraOwnerKey0000000009';
const WEBHOOK_SECRET = 'whsec_TesseraOwnerWebhook00000003';
const PUBLISHABLE = 'pk_test_51TesseraOwnerPublic0001';

describe.each(DIALECTS)("the owner's Stripe keys on %s", (dialect) => {
  let site: SettingsSite;
  let stripe: LocalStripe;
  let tmp: string;
  const lines: string[] = [];
  beforeAll(async () => {
    // This Stripe knows another key: every call with the site's is refused, as a revoked key would be.
    stripe = await new LocalStripe().accept('sk_test_51SomeOtherAccountKey00000000').start();
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    site = await settingsSite(dialect, { stripeApi: stripe.url }, { logger: pino({ level: 'info' }, stream) });
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-stripe-export-'));
  });
  afterAll(async () => {
    await site?.close();
    await stripe?.close();
    await fs.rm(tmp, { recursive: true, force: true });
  });
  const admin = () => site.staff.admin;

  it('answers what is set, never a secret, and the webhook URL on the site origin', async () => {
    const res = await admin().request('GET', KEYS);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json).toEqual({
      testMode: true,
      testPublishableKey: '',
      livePublishableKey: '',
      secretKeySet: { test: false, live: false },
      secretKeyHint: { test: null, live: null },
      webhookSecretSet: { test: false, live: false },
      webhookSecretHint: { test: null, live: null },
      webhookUrl: 'http://store.test/api/commerce/webhooks/stripe',
    });
  });

  it('refuses a key of the wrong kind or mode with its message, and saves nothing', async () => {
    const res = await admin().request('PUT', KEYS, {
      testSecretKey: 'sk_live_51Nope000000000',
      liveSecretKey: 'sk_test_51Nope000000000',
      testWebhookSecret: 'secret',
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        testSecretKey: 'Enter a test secret key: it starts with sk_test_ or rk_test_.',
        liveSecretKey: 'Enter a live secret key: it starts with sk_live_ or rk_live_.',
        testWebhookSecret: 'Enter a webhook signing secret: it starts with whsec_.',
      },
    });
    expect((await admin().request('GET', KEYS)).json.secretKeySet).toEqual({ test: false, live: false });
  });

  it('refuses Stripe at checkout until the mode has its publishable and secret keys; checks the keys and methods of store.stripe', async () => {
    const save = async (stripeSettings: Record<string, unknown>) =>
      admin().request(
        'PUT',
        SETTINGS,
        await edited(admin(), (s) => {
          s.store.paymentProviders = ['stripe', 'offline'];
          s.store.stripe = stripeSettings;
        }),
      );
    expect((await save({ testMode: true })).json.errors).toEqual({
      'store.paymentProviders.0': 'Stripe needs the test publishable key (store.stripe.testPublishableKey) before checkout can offer it',
    });
    expect((await save({ testMode: true, testPublishableKey: PUBLISHABLE })).json.errors).toEqual({
      'store.paymentProviders.0': 'Stripe needs the test secret key before checkout can offer it: enter it in the Stripe settings',
    });
    expect(
      (await save({ testMode: false, testPublishableKey: 'pk_live_51Wrong0000000', livePublishableKey: PUBLISHABLE, paymentMethods: ['paypal'] })).json.errors,
    ).toEqual({
      'store.stripe.testPublishableKey': '"pk_live_51Wrong0000000" is not a publishable key: it starts with pk_test_',
      'store.stripe.livePublishableKey': `"${PUBLISHABLE}" is not a publishable key: it starts with pk_live_`,
      'store.stripe.paymentMethods.0': '"paypal" is not a payment method Stripe offers here (afterpay_clearpay, klarna)',
      'store.paymentProviders.0': 'Stripe needs the live secret key before checkout can offer it: enter it in the Stripe settings',
    });

    const set = await admin().request('PUT', KEYS, { testSecretKey: TEST_KEY, liveSecretKey: LIVE_KEY, testWebhookSecret: WEBHOOK_SECRET });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({
      secretKeySet: { test: true, live: true },
      secretKeyHint: { test: '…0007', live: '…0009' },
      webhookSecretSet: { test: true, live: false },
      webhookSecretHint: { test: '…0003', live: null },
    });
    for (const secret of [TEST_KEY, LIVE_KEY, WEBHOOK_SECRET]) expect(set.body).not.toContain(secret);
    const row = await site.store.db
      .selectFrom('payment_secrets')
      .selectAll()
      .where('name', '=', 'secretKey')
      .where('mode', '=', 'test')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'stripe', secret: TEST_KEY, updated_by: 'admin@store.test' });

    // Any key with the right prefix is taken (a demo's short placeholder too): Stripe itself tells a wrong one.
    expect((await save({ testMode: true, testPublishableKey: 'pk_test_e2e' })).status).toBe(200);
    const offered = await save({ testMode: true, testPublishableKey: PUBLISHABLE, paymentMethods: ['klarna'], expressCheckout: true });
    expect(offered.status, offered.body).toBe(200);
    const removeActive = await admin().request('PUT', KEYS, { testSecretKey: null });
    expect(removeActive.json.errors).toEqual({ testSecretKey: 'Checkout offers Stripe with this key: take Stripe out of the payment providers first.' });
    const removeLive = await admin().request('PUT', KEYS, { liveSecretKey: null });
    expect(removeLive.json.secretKeySet).toEqual({ test: true, live: false });
  });

  it('keeps every secret out of pages, exports and logs, even when Stripe refuses the key', async () => {
    const v = new Visitor(site.app);
    for (const url of ['/', '/shop', '/?format=json', '/cart']) {
      const page = await v.request('GET', url);
      for (const secret of [TEST_KEY, WEBHOOK_SECRET]) expect(page.body, url).not.toContain(secret);
    }
    await v.add('print', 'PRINT-1', 1);
    const placed = await v.checkout({ email: 'ada@example.com', shippingAddress: ADDRESS, shippingOptionId: 'standard', payment: { provider: 'stripe' } });
    expect(placed.status).toBe(502);
    expect(placed.json.code).toBe('PAYMENT_FAILED');
    const log = lines.join('');
    expect(log).toContain('stripe: a call failed');
    expect(log).toContain('Invalid API Key provided');
    for (const secret of [TEST_KEY, LIVE_KEY, WEBHOOK_SECRET, TEST_KEY.slice(-12)]) expect(log).not.toContain(secret);

    const dir = path.join(tmp, 'out');
    await exportSite(site.store, dir);
    for (const file of await fs.readdir(dir, { recursive: true })) {
      const full = path.join(dir, file);
      if ((await fs.stat(full)).isFile()) for (const secret of [TEST_KEY, WEBHOOK_SECRET]) expect(await fs.readFile(full, 'utf8'), file).not.toContain(secret);
    }
    expect(JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8')).store.stripe).toMatchObject({ testPublishableKey: PUBLISHABLE });
  });

  it('lets the staff who manage store settings change keys; 403 to others, 401 to nobody, 403 without the crumb', async () => {
    expect((await site.staff['store-manager'].request('PUT', KEYS, { liveWebhookSecret: WEBHOOK_SECRET })).json.webhookSecretSet).toEqual({
      test: true,
      live: true,
    });
    for (const name of ['reporting', 'editor', 'viewer'] as const) {
      expect((await site.staff[name].request('GET', KEYS)).status).toBe(403);
      expect((await site.staff[name].request('PUT', KEYS, { liveWebhookSecret: null })).json.code).toBe('PERMISSION_DENIED');
    }
    const nobody = new Visitor(site.app);
    expect((await nobody.request('GET', KEYS)).status).toBe(401);
    expect((await nobody.request('PUT', KEYS, { liveWebhookSecret: null })).json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    const noCrumb = await admin().request('PUT', KEYS, { liveWebhookSecret: null }, { 'x-csrf-token': '' });
    expect(noCrumb.json).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
    expect((await admin().request('GET', KEYS)).json.webhookSecretSet).toEqual({ test: true, live: true });
  });
});
