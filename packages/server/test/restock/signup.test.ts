import { solveChallenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { RESTOCK, Visitor, itemId, outboxOf, shopSite, signups, variantIdOf, type ShopSite } from './helpers.js';

/** A captcha token as the ALTCHA widget makes it: the server's challenge, solved. */
async function solvedCaptcha(v: Visitor): Promise<string> {
  const challenge = (await v.request('GET', '/api/captcha/challenge')).json as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64');
}

describe.each(DIALECTS)('restock signups on %s', (dialect) => {
  let site: ShopSite;
  let mug16: string;
  let mug12: string;
  beforeAll(async () => {
    site = await shopSite(dialect);
    [mug16, mug12] = await Promise.all([variantIdOf(site.store, 'MUG-16'), variantIdOf(site.store, 'MUG-12')]);
  });
  afterAll(async () => {
    await site?.close();
  });

  const signUp = (body: Record<string, unknown>, v = new Visitor(site.app)) => v.request('POST', RESTOCK, body);
  const mugBody = (extra: Record<string, unknown> = {}) => ({
    isJoinMailingList: false,
    productId: itemId('mug'),
    variantId: mug16,
    siteVisitorEmail: 'ada@example.com',
    ...extra,
  });

  it("answers each invalid input with its message, also in data.message (the spec's restock form reads it there)", async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [mugBody({ siteVisitorEmail: '' }), 400, 'RESTOCK_EMAIL_BLANK', 'Email cannot be blank'],
      [mugBody({ siteVisitorEmail: '   ' }), 400, 'RESTOCK_EMAIL_BLANK', 'Email cannot be blank'],
      [mugBody({ siteVisitorEmail: undefined }), 400, 'RESTOCK_EMAIL_BLANK', 'Email cannot be blank'],
      [mugBody({ siteVisitorEmail: 'ada@' }), 400, 'RESTOCK_EMAIL_INVALID', 'Email is invalid'],
      [mugBody({ siteVisitorEmail: 'ada example.com' }), 400, 'RESTOCK_EMAIL_INVALID', 'Email is invalid'],
      [mugBody({ siteVisitorEmail: 42 }), 400, 'RESTOCK_EMAIL_BLANK', 'Email cannot be blank'],
      [mugBody({ productId: undefined }), 404, 'ITEM_UNAVAILABLE', 'Sorry, that item is unavailable.'],
      [mugBody({ productId: itemId('print') }), 400, 'VARIANT_UNAVAILABLE', 'Sorry, that item variant is unavailable. Please select another variant.'],
      [mugBody({ variantId: 'no-such-variant' }), 400, 'VARIANT_UNAVAILABLE', 'Sorry, that item variant is unavailable. Please select another variant.'],
      [mugBody({ variantId: mug12 }), 409, 'RESTOCK_IN_STOCK', 'This item is in stock: it can be added to the cart now.'],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await signUp(body);
      expect({ status: res.status, json: res.json }, JSON.stringify(body)).toEqual({ status, json: { error: message, code, data: { message } } });
    }
    const guide = await variantIdOf(site.store, 'GUIDE-PDF');
    expect((await signUp(mugBody({ productId: itemId('guide'), variantId: guide }))).json.code).toBe('RESTOCK_NOT_AVAILABLE');
    const lamp = await variantIdOf(site.store, 'LAMP-1');
    await site.store.db.updateTable('product_variants').set({ stock: 0 }).where('id', '=', lamp).execute();
    // A draft product is nobody's to sign up for.
    expect((await signUp(mugBody({ productId: itemId('lamp'), variantId: lamp }))).json.code).toBe('ITEM_UNAVAILABLE');
    // Not JSON of an object; no crumb: the same shape, with data.message.
    const v = new Visitor(site.app);
    const list = await v.request('POST', RESTOCK, [1, 2]);
    expect(list.status).toBe(400);
    expect(list.json.data).toEqual({ message: list.json.error });
    const noCrumb = await site.app.inject({ method: 'POST', url: RESTOCK, headers: { host: 'store.test' }, payload: mugBody() });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json()).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true, data: { message: expect.stringContaining('crumb') } });
    expect(await signups(site.store)).toEqual([]);
  });

  it('keeps one waiting signup per address and variant, the address lowercased', async () => {
    const first = await signUp(mugBody({ siteVisitorEmail: ' Grace@Example.com ' }));
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ data: { success: true } });
    expect((await signUp(mugBody({ siteVisitorEmail: 'grace@example.com' }))).status).toBe(200);
    const rows = (await signups(site.store)).filter((r) => r.email === 'grace@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      item_id: itemId('mug'),
      variant_id: mug16,
      status: 'waiting',
      join_mailing_list: 0,
      base_url: 'http://store.test',
      notified_on: null,
    });
    // Nothing is mailed by a signup that does not join the mailing list.
    expect(await outboxOf(site.store)).toEqual([]);
  });

  it("adds a mailing-list opt-in to the site's list with double opt-in (pending and its confirmation mail), only when the site offers it", async () => {
    expect((await signUp(mugBody({ siteVisitorEmail: 'reader@example.com', isJoinMailingList: true }))).status).toBe(200);
    const members = await site.store.db.selectFrom('mailing_list_subscribers').select(['email', 'status', 'source']).execute();
    expect(members).toEqual([{ email: 'reader@example.com', status: 'pending', source: 'restock' }]);
    const mails = await outboxOf(site.store, 'newsletter-confirmation');
    expect(mails.map((m) => m.recipient)).toEqual(['reader@example.com']);
    expect(mails[0]!.text_body).toContain('http://store.test/account/newsletter/confirm?token=');
    // Signed up without joining before: joining now opts in; signing up again changes nothing.
    await signUp(mugBody({ siteVisitorEmail: 'grace@example.com', isJoinMailingList: true }));
    await signUp(mugBody({ siteVisitorEmail: 'grace@example.com', isJoinMailingList: true }));
    expect((await outboxOf(site.store, 'newsletter-confirmation')).map((m) => m.recipient).sort()).toEqual(['grace@example.com', 'reader@example.com']);
    await site.setMerchandising({ restockNotificationsMailingListSignUpEnabled: false });
    try {
      await signUp(mugBody({ siteVisitorEmail: 'quiet@example.com', isJoinMailingList: true }));
      expect((await signups(site.store)).find((r) => r.email === 'quiet@example.com')!.join_mailing_list).toBe(0);
      expect(await outboxOf(site.store, 'newsletter-confirmation')).toHaveLength(2);
    } finally {
      await site.setMerchandising({ restockNotificationsMailingListSignUpEnabled: true });
    }
  });

  it('needs a solved captcha when the form shows one, and accepts each solution once', async () => {
    await site.setMerchandising({ restockNotificationsCaptchaEnabled: true });
    try {
      const v = new Visitor(site.app);
      const missing = await signUp(mugBody({ siteVisitorEmail: 'bot@example.com' }), v);
      expect(missing.status).toBe(400);
      expect(missing.json).toEqual({
        error: 'Complete CAPTCHA before submitting.',
        code: 'CAPTCHA_REQUIRED',
        data: { message: 'Complete CAPTCHA before submitting.' },
      });
      const forged = await signUp(mugBody({ siteVisitorEmail: 'bot@example.com', captchaToken: 'eyJmb3JnZWQiOnRydWV9' }), v);
      expect(forged.json.code).toBe('CAPTCHA_INVALID');
      const token = await solvedCaptcha(v);
      expect((await signUp(mugBody({ siteVisitorEmail: 'human@example.com', captchaToken: token }), v)).status).toBe(200);
      const replayed = await signUp(mugBody({ siteVisitorEmail: 'other@example.com', captchaToken: token }), v);
      expect(replayed.json.code).toBe('CAPTCHA_INVALID');
      expect((await signups(site.store)).map((r) => r.email)).toContain('human@example.com');
      expect((await signups(site.store)).map((r) => r.email)).not.toContain('bot@example.com');
    } finally {
      await site.setMerchandising({ restockNotificationsCaptchaEnabled: false });
    }
  });

  it('refuses signups when the site turns restock notifications off', async () => {
    await site.setMerchandising({ restockNotificationsEnabled: false });
    try {
      const res = await signUp(mugBody({ siteVisitorEmail: 'late@example.com' }));
      expect(res.status).toBe(404);
      expect(res.json.data.message).toBe('Restock notifications are not available for this item.');
    } finally {
      await site.setMerchandising({ restockNotificationsEnabled: true });
    }
  });
});

describe.each(DIALECTS)('restock signup rate limits on %s', (dialect) => {
  let site: ShopSite;
  beforeAll(async () => {
    site = await shopSite(dialect, {
      setup: {
        restockLimits: {
          signUpPerVisitor: { name: 'restock-signup:visitor', limit: 2, windowMs: 600_000 },
          signUpPerSite: { name: 'restock-signup:site', limit: 4, windowMs: 3_600_000 },
        },
      },
    });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('answers 429 with Retry-After past the limit per visitor, then per site', async () => {
    const variantId = await variantIdOf(site.store, 'MUG-16');
    const from = (address: string, email: string) =>
      site.app.inject({
        method: 'POST',
        url: RESTOCK,
        remoteAddress: address,
        headers: { host: 'store.test', cookie: 'crumb=c', 'x-csrf-token': 'c', 'content-type': 'application/json' },
        payload: JSON.stringify({ productId: itemId('mug'), variantId, siteVisitorEmail: email, isJoinMailingList: false }),
      });
    expect((await from('10.0.0.1', 'a@example.com')).statusCode).toBe(200);
    expect((await from('10.0.0.1', 'b@example.com')).statusCode).toBe(200);
    const third = await from('10.0.0.1', 'c@example.com');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(third.json()).toEqual({
      error: 'Too many sign-ups. Please try again later.',
      code: 'RESTOCK_RATE_LIMITED',
      data: { message: 'Too many sign-ups. Please try again later.' },
    });
    // Other visitors use up the site's allowance (the refused hit above did not count against it).
    expect((await from('10.0.0.2', 'd@example.com')).statusCode).toBe(200);
    expect((await from('10.0.0.3', 'e@example.com')).statusCode).toBe(200);
    const siteWide = await from('10.0.0.4', 'f@example.com');
    expect(siteWide.statusCode).toBe(429);
    expect(Number(siteWide.headers['retry-after'])).toBeGreaterThan(600);
    expect((await signups(site.store)).map((r) => r.email)).toEqual(['a@example.com', 'b@example.com', 'd@example.com', 'e@example.com']);
  });
});
