import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { startSmtp, type TestSmtp } from './smtp.js';
import {
  CRUMB,
  EVERY_KIND_FORM,
  LOOSE_LIMITS,
  HOST,
  OWNER,
  everyKindValues,
  formsSite,
  outbox,
  solveCaptcha,
  submission,
  submissionKey,
  submissions,
  type FormsSite,
} from './helpers.js';

describe.each(DIALECTS)('site form submissions on %s', (dialect) => {
  let smtp: TestSmtp;
  let site: FormsSite;
  beforeAll(async () => {
    smtp = await startSmtp();
    // Limits out of the way here; rate-limits.test.ts is about them.
    site = await formsSite(dialect, { smtpUrl: smtp.url, setup: { forms: { limits: LOOSE_LIMITS } } });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const save = (body: unknown) => site.call('POST', '/api/form/SaveFormSubmission', body);

  it('answers a single-use key as data.key and keeps it in the store', async () => {
    const res = await site.call('POST', '/api/form/FormSubmissionKey');
    expect(res.statusCode).toBe(200);
    const key = res.json().data.key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const row = await site.store.db.selectFrom('form_submission_keys').selectAll().where('submission_key', '=', key).executeTakeFirst();
    expect(row).toMatchObject({ website_id: site.websiteId, expires_on: site.clock() + 30 * 60_000 });
  });

  it('refuses a key call without the CSRF crumb', async () => {
    const res = await site.app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', headers: { host: HOST } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CRUMB_FAIL');
  });

  it('stores a submission of every field kind before answering and mails the owner every answer', async () => {
    const before = smtp.messages.length;
    const key = await submissionKey(site);
    const res = await save(submission('everything', key, everyKindValues()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });

    // Stored in the transaction that used the key: the row is there as the answer arrives.
    const [stored] = await submissions(site.store, 'everything');
    expect(stored).toMatchObject({
      form_name: 'Everything',
      page_title: 'Contact',
      page_id: 'page-1',
      content_source: 'c',
      page_path: '/contact',
      page_permission_type_value: '1',
    });
    expect(JSON.parse(stored!.submitted_values)).toEqual(everyKindValues());
    expect(await site.store.db.selectFrom('form_submission_keys').select('submission_key').where('submission_key', '=', key).execute()).toEqual([]);

    await site.app.mail.idle();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([OWNER]);
    expect(mail!.subject).toBe('New submission: Everything (Fixture Shop)');
    expect(mail!.headers.get('reply-to')).toBe('ada@example.com');
    expect(mail!.headers.get('from')).toBe('Fixture Shop <no-reply@shop.test>');
    for (const line of [
      'Name: Ada Lovelace',
      'Email: ada@example.com',
      'Message: Hello there',
      'Budget: 1,250.50',
      'Guests: 4',
      'Website: example.org',
      'Twitter: ada',
      'Date: 12/10/2025',
      'Time: 9:05 PM',
      'Address: 1 Main St, Springfield, IL, 62701, USA',
      'Phone: +44 020 7946 0018',
      'Colour: Blue',
      'Extras: Gift wrap, Card',
      'Size: M',
      'Opinion:\n  Fast delivery: Strongly Agree\n  Good value: Disagree',
      'Campaign: spring',
    ])
      expect(mail!.text).toContain(line);
    expect(mail!.text).toContain('from Contact (http://shop.test/contact)');
    expect(mail!.text).not.toContain('About you'); // sections carry no value
    expect(mail!.html).toContain('<th align="left" valign="top" style="padding:6px 12px 6px 0;white-space:nowrap">Phone</th>');
    const [row] = (await outbox(site.store)).filter((r) => r.kind === 'form-submission');
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1, recipient: OWNER });
  });

  it('rejects a key used twice', async () => {
    const key = await submissionKey(site);
    expect((await save(submission('everything', key, everyKindValues()))).statusCode).toBe(200);
    const again = await save(submission('everything', key, everyKindValues()));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'SUBMISSION_KEY_INVALID', error: 'Unable to submit form. Please try again later.' });
  });

  it('rejects an expired key and an unknown one', async () => {
    const key = await submissionKey(site);
    site.clock.advance(30 * 60_000 + 1);
    const expired = await save(submission('everything', key, everyKindValues()));
    expect(expired.statusCode).toBe(401);
    const unknown = await save(submission('everything', 'no-such-key', everyKindValues()));
    expect(unknown.statusCode).toBe(401);
  });

  it("answers field errors as 400 with errors keyed by field id, in core's exact texts, and stores nothing", async () => {
    const count = (await submissions(site.store, 'everything')).length;
    const key = await submissionKey(site);
    const res = await save(
      submission('everything', key, { ...everyKindValues(), name: ['', ''], email: 'ada@', message: 'x'.repeat(21), at: ['13', '00', 'PM'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'One or more fields is invalid, please check your entries.',
      code: 'VALIDATION_FAILED',
      errors: {
        name: 'Required',
        email: 'Email is not valid. Email addresses should follow the format email@example.com.',
        message: 'You have exceeded the character limit.',
        at: 'Please enter a valid time.',
      },
    });
    expect((await submissions(site.store, 'everything')).length).toBe(count);
    // The key was not used up by the refused submission: the corrected one goes through with it.
    expect((await save(submission('everything', key, everyKindValues()))).statusCode).toBe(200);
  });

  it("answers 404 with the spec's text for a form that does not exist", async () => {
    const key = await submissionKey(site);
    const res = await save(submission('no-such-form', key, {}));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'FORM_NOT_FOUND', error: 'This form has not been configured yet.' });
  });

  it('accepts the form values as JSON text and refuses what does not parse', async () => {
    const key = await submissionKey(site);
    expect((await save(submission('everything', key, JSON.stringify(everyKindValues())))).statusCode).toBe(200);
    const bad = await save(submission('everything', await submissionKey(site), '{not json'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'FORM_PARSE_FAILED', error: 'Could not parse the form fields, please check your entries.' });
    const list = await save(submission('everything', await submissionKey(site), '[1,2]'));
    expect(list.json().code).toBe('FORM_PARSE_FAILED');
    const source = await save(submission('everything', await submissionKey(site), everyKindValues(), { contentSource: 'x' }));
    expect(source.statusCode).toBe(400);
  });

  it('drops a submission whose honeypot is filled in: the same success, nothing stored, nothing mailed', async () => {
    const before = { subs: (await submissions(site.store)).length, mail: (await outbox(site.store)).length };
    const key = await submissionKey(site);
    const res = await save(submission('everything', key, { ...everyKindValues(), website_url: 'http://spam.example' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect((await submissions(site.store)).length).toBe(before.subs);
    expect((await outbox(site.store)).length).toBe(before.mail);
  });

  describe('captcha (ALTCHA, self-hosted)', () => {
    const contact = { name: ['Grace', 'Hopper'], email: 'grace@example.com', message: 'Hi' };

    it("serves challenges signed with the site's key, never cached", async () => {
      const res = await site.call('GET', '/api/captcha/challenge');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['set-cookie']).toBeUndefined();
      const challenge = res.json();
      expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 20_000 });
      expect(challenge.salt).toContain(`expires=${Math.floor((site.clock() + 10 * 60_000) / 1000)}`);
      const secrets = await site.store.db.selectFrom('site_secrets').select('name').where('website_id', '=', site.websiteId).execute();
      expect(secrets.map((s) => s.name)).toContain('captcha-hmac');
    });

    it('requires a solved captcha on a captcha-bound form', async () => {
      const res = await save(submission('contact', await submissionKey(site), contact));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', error: 'Complete CAPTCHA before submitting.' });
    });

    it('accepts a solved challenge once and refuses it replayed', async () => {
      const token = await solveCaptcha(site);
      const ok = await save(submission('contact', await submissionKey(site), contact, { captchaKey: token }));
      expect(ok.statusCode).toBe(200);
      const replayed = await save(submission('contact', await submissionKey(site), contact, { captchaKey: token }));
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().code).toBe('CAPTCHA_INVALID');
    });

    it('refuses a forged solution, a wrong number and an expired challenge', async () => {
      const token = await solveCaptcha(site);
      const payload = JSON.parse(Buffer.from(token, 'base64').toString());
      const wrongNumber = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString('base64');
      const forged = Buffer.from(JSON.stringify({ ...payload, signature: 'f'.repeat(64) })).toString('base64');
      for (const bad of [wrongNumber, forged, 'not-base64-json']) {
        const res = await save(submission('contact', await submissionKey(site), contact, { captchaKey: bad }));
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('CAPTCHA_INVALID');
      }
      site.clock.advance(10 * 60_000 + 1_000);
      const expired = await save(submission('contact', await submissionKey(site), contact, { captchaKey: token }));
      expect(expired.json().code).toBe('CAPTCHA_INVALID');
    });

    it('does not use up the solution when the key is refused', async () => {
      const token = await solveCaptcha(site);
      const refused = await save(submission('contact', 'no-such-key', contact, { captchaKey: token }));
      expect(refused.statusCode).toBe(401);
      expect((await save(submission('contact', await submissionKey(site), contact, { captchaKey: token }))).statusCode).toBe(200);
    });
  });

  describe('validation call and form schema', () => {
    it('answers 400 with the errors map, or 200, for POST /api/rest/forms/validate/{formId}', async () => {
      const bad = await site.call('POST', '/api/rest/forms/validate/everything', { ...everyKindValues(), email: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ email: 'Email is not valid. Email addresses should follow the format email@example.com.' });
      const good = await site.call('POST', '/api/rest/forms/validate/everything', everyKindValues());
      expect(good.statusCode).toBe(200);
      const missing = await site.call('POST', '/api/rest/forms/validate/nope', {});
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('This form has not been configured yet.');
    });

    it('answers the form schema: every field type with its properties', async () => {
      const res = await site.call('GET', '/api/template/GetTemplateSchema?type=form');
      expect(res.statusCode).toBe(200);
      const schema = res.json();
      expect(schema.fieldTypes.map((f: { type: string }) => f.type)).toEqual([
        'text',
        'textarea',
        'email',
        'currency',
        'number',
        'website',
        'password',
        'twitter',
        'date',
        'time',
        'name',
        'address',
        'phone',
        'section',
        'radio',
        'checkbox',
        'select',
        'likert',
        'hidden',
      ]);
      const props = Object.fromEntries(schema.fieldTypes.map((f: { type: string; properties: string[] }) => [f.type, f.properties]));
      expect(props.textarea).toEqual(['description', 'placeholder', 'required', 'maxLength']);
      expect(props.phone).toContain('showCountryCode');
      expect(props.hidden).toEqual(['description', 'placeholder', 'required', 'key', 'value']);
      expect(schema.builderSteps).toEqual(['build', 'storage', 'advanced', 'captcha', 'disclaimer']);
      expect((await site.call('GET', '/api/template/GetTemplateSchema?type=page')).statusCode).toBe(404);
      expect((await site.call('GET', '/api/template/GetTemplateSchema')).statusCode).toBe(400);
    });
  });

  it("puts the captcha provider, its challenge URL and no secret into the page's site context", async () => {
    const res = await site.app.inject({ url: '/', headers: { host: HOST, cookie: `crumb=${CRUMB}` } });
    const json = /<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(res.body)?.[1];
    const context = JSON.parse(json!);
    expect(context).toMatchObject({
      captchaProvider: 'altcha',
      captchaChallengeUrl: '/api/captcha/challenge',
      captchaSiteKey: 'fixture-site-key',
      popupOverlay: null,
    });
    expect(res.body).not.toContain(OWNER);
  });

  it('never sends a form field of EVERY_KIND_FORM undeclared', () => {
    expect(Object.keys(everyKindValues()).sort()).toEqual(
      EVERY_KIND_FORM.fields
        .filter((f) => f.type !== 'section')
        .map((f) => f.id)
        .sort(),
    );
  });
});
