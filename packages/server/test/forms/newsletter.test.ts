import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { startSmtp, type ReceivedMail, type TestSmtp } from './smtp.js';
import { CRUMB, HOST, LOOSE_LIMITS, formsSite, outbox, submission, submissionKey, submissions, type FormsSite } from './helpers.js';

const linkIn = (mail: ReceivedMail, path: string) => {
  const url = new RegExp(`http://shop\\.test${path}\\?token=[A-Za-z0-9_.-]+`).exec(mail.text)?.[0];
  if (!url) throw new Error(`no ${path} link in:\n${mail.text}`);
  return url.replace('http://shop.test', '');
};

describe.each(DIALECTS)('the mailing list on %s', (dialect) => {
  let smtp: TestSmtp;
  let site: FormsSite;
  beforeAll(async () => {
    smtp = await startSmtp();
    site = await formsSite(dialect, { smtpUrl: smtp.url, setup: { forms: { limits: LOOSE_LIMITS } } });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const signUp = async (email: string) => {
    const res = await site.call('POST', '/api/form/SaveFormSubmission', submission('newsletter', await submissionKey(site), { email }));
    expect(res.statusCode).toBe(200);
    await site.app.mail.idle();
  };
  const page = (url: string) => site.app.inject({ url, headers: { host: HOST, cookie: `crumb=${CRUMB}` } });
  const members = () => site.store.db.selectFrom('mailing_list_subscribers').select(['email', 'status', 'source']).orderBy('email').execute();

  it('signs up with double opt-in: pending, a confirmation mail, subscribed once its link is followed', async () => {
    const before = smtp.messages.length;
    await signUp('Reader@Example.com');
    expect(await members()).toEqual([{ email: 'reader@example.com', status: 'pending', source: 'newsletter-form' }]);
    expect(await submissions(site.store, 'newsletter')).toHaveLength(1);
    const mails = (await smtp.waitFor(before + 1)).slice(before);
    // The newsletter form goes to the list, not to the owner's inbox.
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(['reader@example.com']);
    expect(mail!.subject).toBe('Confirm your subscription to Fixture Shop');
    // Every mailing carries the unsubscribe link, in the body and as List-Unsubscribe.
    const unsubscribe = linkIn(mail!, '/account/newsletter/unsubscribe');
    expect(mail!.headers.get('list-unsubscribe')).toBe(`<http://shop.test${unsubscribe}>`);
    expect(mail!.html).toContain('Unsubscribe</a>');

    const confirmed = await page(linkIn(mail!, '/account/newsletter/confirm'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['referrer-policy']).toBe('no-referrer');
    expect(confirmed.body).toContain('Subscription confirmed');
    expect(confirmed.body).toContain('reader@example.com will receive the newsletter of Fixture Shop.');
    expect(await members()).toEqual([{ email: 'reader@example.com', status: 'subscribed', source: 'newsletter-form' }]);
    // Following the link again changes nothing.
    expect((await page(linkIn(mail!, '/account/newsletter/confirm'))).statusCode).toBe(200);
  });

  it('sends no second mail to an address already subscribed', async () => {
    const before = (await outbox(site.store)).length;
    await signUp('reader@example.com');
    expect((await outbox(site.store)).length).toBe(before);
    expect(await members()).toEqual([{ email: 'reader@example.com', status: 'subscribed', source: 'newsletter-form' }]);
  });

  it('unsubscribes from the newsletter-unsubscribe page (type 300) reached from the mailing', async () => {
    const mail = smtp.messages.find((m) => m.to.includes('reader@example.com'))!;
    const url = linkIn(mail, '/account/newsletter/unsubscribe');
    const shown = await page(`${url}&format=json`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().pageType).toBe(300);
    // Opening the page alone (a mail scanner following the link) unsubscribes nobody.
    expect((await members())[0]!.status).toBe('subscribed');
    const html = await page(url);
    expect(html.body).toContain('data-tessera-island="newsletter-unsubscribe"');
    expect(html.body).toContain('You will not receive any more newsletters from Fixture Shop.');

    const token = new URL(`http://x${url}`).searchParams.get('token');
    const res = await site.call('POST', '/api/newsletter/unsubscribe', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { email: 'reader@example.com', status: 'unsubscribed' } });
    expect((await members())[0]!.status).toBe('unsubscribed');
    // The old confirmation link does not bring the address back.
    await page(linkIn(mail, '/account/newsletter/confirm'));
    expect((await members())[0]!.status).toBe('unsubscribed');
  });

  it('signs an unsubscribed address up again only through a new confirmation', async () => {
    const before = smtp.messages.length;
    await signUp('reader@example.com');
    expect((await members())[0]!.status).toBe('pending');
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    await page(linkIn(mail!, '/account/newsletter/confirm'));
    expect((await members())[0]!.status).toBe('subscribed');
  });

  it('refuses forged, tampered and wrong-purpose tokens', async () => {
    const mail = smtp.messages.find((m) => m.to.includes('reader@example.com'))!;
    const unsubscribeToken = new URL(`http://x${linkIn(mail, '/account/newsletter/unsubscribe')}`).searchParams.get('token')!;
    const confirmToken = new URL(`http://x${linkIn(mail, '/account/newsletter/confirm')}`).searchParams.get('token')!;
    for (const token of ['nope', `${unsubscribeToken}x`, confirmToken, unsubscribeToken.replace(/^./, 'A')]) {
      const res = await site.call('POST', '/api/newsletter/unsubscribe', { token });
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ code: 'MAILING_LIST_TOKEN_INVALID', error: 'This link is not valid or has expired.' });
    }
    const badConfirm = await page(`/account/newsletter/confirm?token=${unsubscribeToken}`);
    expect(badConfirm.statusCode).toBe(400);
    expect(badConfirm.body).toContain('This link is not valid');
    expect((await members())[0]!.status).toBe('subscribed');
  });

  it('lets a confirmation link expire after seven days', async () => {
    const before = smtp.messages.length;
    await signUp('late@example.com');
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    site.clock.advance(7 * 24 * 3_600_000 + 1);
    expect((await page(linkIn(mail!, '/account/newsletter/confirm'))).statusCode).toBe(400);
    expect((await members()).find((m) => m.email === 'late@example.com')!.status).toBe('pending');
  });
});
