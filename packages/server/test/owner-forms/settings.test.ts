import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { OWNER, submissions } from '../forms/helpers.js';
import { startSmtp, type TestSmtp } from '../forms/smtp.js';
import { DIALECTS } from '../helpers/store.js';
import { EVERYTHING, FORMS, type OwnerFormsSite, ownerFormsSite } from './helpers.js';

const SETTINGS = `${EVERYTHING}/settings`;

describe.each(DIALECTS)("a form's settings on %s", (dialect) => {
  let site: OwnerFormsSite;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    site = await ownerFormsSite(dialect, { smtpUrl: smtp.url });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const read = async () => (await site.staff.admin.request('GET', SETTINGS)).json;
  const save = (body: Record<string, unknown>, as = site.staff.admin) => as.request('PUT', SETTINGS, body);
  const delivered = async (count: number) => {
    await site.app.mail.idle();
    return smtp.waitFor(count);
  };

  it('answers the defaults of a form that sets nothing, with the site owner address the mail goes to', async () => {
    const res = await site.staff['store-manager'].request('GET', SETTINGS);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      formId: 'everything',
      name: 'Everything',
      newsletter: false,
      version: expect.any(String),
      storeSubmissions: true,
      notifyOwner: true,
      notifyEmail: null,
      addToMailingList: false,
      ownerEmail: OWNER,
    });
    const newsletter = await site.staff.admin.request('GET', `${FORMS}/newsletter/settings`);
    expect(newsletter.json).toMatchObject({ newsletter: true, notifyOwner: false, addToMailingList: true, storeSubmissions: true });
    expect((await site.staff.admin.request('GET', `${FORMS}/no-such-form/settings`)).status).toBe(404);
  });

  it('refuses a bad address with the spec’s message, settings that lose every submission, and bad switches', async () => {
    const { version } = await read();
    const base = { version, storeSubmissions: true, notifyOwner: true, notifyEmail: null, addToMailingList: false };
    const errorsOf = async (body: Record<string, unknown>) => {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe('VALIDATION_FAILED');
      return res.json.errors;
    };
    expect(await errorsOf({ ...base, notifyEmail: 'not an address' })).toEqual({ notifyEmail: 'Please enter a valid email' });
    expect(await errorsOf({ ...base, notifyEmail: 42 })).toEqual({ notifyEmail: 'Please enter a valid email' });
    expect(await errorsOf({ ...base, storeSubmissions: false, notifyOwner: false })).toEqual({
      storeSubmissions: 'Keep the submissions or mail them: otherwise they are lost.',
    });
    expect(await errorsOf({ ...base, notifyOwner: 'yes', version: '' })).toEqual({
      notifyOwner: 'Choose yes or no.',
      version: 'Send the version the settings were read with.',
    });
    expect((await read()).version).toBe(version);
  });

  it('refuses a save made from settings someone changed since: 409, nothing overwritten', async () => {
    const { version } = await read();
    const first = await save({ version, storeSubmissions: true, notifyOwner: true, notifyEmail: 'first@shop.test', addToMailingList: false });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ notifyEmail: 'first@shop.test' });
    expect(first.json.version).not.toBe(version);
    const second = await save(
      { version, storeSubmissions: true, notifyOwner: true, notifyEmail: 'second@shop.test', addToMailingList: false },
      site.staff.editor,
    );
    expect([second.status, second.json.code]).toEqual([409, 'FORM_SETTINGS_CHANGED']);
    expect(second.json.error).toBe(
      "Someone else changed this form's settings after you opened them. Reload the page to see their changes, then make yours again.",
    );
    expect((await read()).notifyEmail).toBe('first@shop.test');
  });

  it('lets one of two saves made at once from the same settings win; the other gets 409', async () => {
    const { version } = await read();
    const body = (email: string) => ({ version, storeSubmissions: true, notifyOwner: true, notifyEmail: email, addToMailingList: false });
    const answers = await Promise.all([save(body('a@shop.test')), save(body('b@shop.test'), site.staff.editor)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await read()).notifyEmail).toBe(winner.json.notifyEmail);
  });

  it('honours the settings at the next submission: nothing stored, the mail to the form’s address, the sender on the mailing list', async () => {
    const { version } = await read();
    const res = await save({ version, storeSubmissions: false, notifyOwner: true, notifyEmail: 'orders@shop.test', addToMailingList: true });
    expect(res.status).toBe(200);
    const before = smtp.messages.length;
    const stored = (await submissions(site.store, 'everything')).length;
    await site.submit({ email: 'Signup@Example.com' });

    expect(await submissions(site.store, 'everything')).toHaveLength(stored);
    const mails = (await delivered(before + 2)).slice(before);
    const notice = mails.find((m) => m.subject.startsWith('New submission'));
    expect(notice!.to).toEqual(['orders@shop.test']);
    expect(notice!.text).toContain('Ada Lovelace');
    const subscriber = await site.store.db
      .selectFrom('mailing_list_subscribers')
      .select(['email', 'status', 'source'])
      .where('website_id', '=', site.websiteId)
      .where('email', '=', 'signup@example.com')
      .executeTakeFirst();
    expect(subscriber).toEqual({ email: 'signup@example.com', status: 'pending', source: 'form:everything' });
    expect(mails.some((m) => m.to.includes('signup@example.com'))).toBe(true);
  });

  it('mails nobody and stores the submission when the owner turns the mail off', async () => {
    const { version } = await read();
    await save({ version, storeSubmissions: true, notifyOwner: false, notifyEmail: '', addToMailingList: false });
    const stored = (await submissions(site.store, 'everything')).length;
    const pending = await site.store.db.selectFrom('outbox').select('id').execute();
    await site.submit({ email: 'quiet@example.com' });
    expect(await submissions(site.store, 'everything')).toHaveLength(stored + 1);
    expect(await site.store.db.selectFrom('outbox').select('id').execute()).toHaveLength(pending.length);
    expect(await read()).toMatchObject({ notifyEmail: null, notifyOwner: false });
  });

  it('writes the settings into forms/<id>.json with tessera export, and reads them back with tessera import', async () => {
    const { version } = await read();
    await save({ version, storeSubmissions: false, notifyOwner: true, notifyEmail: 'orders@shop.test', addToMailingList: true });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'forms-export-'));
    try {
      await exportSite(site.store, dir);
      const form = JSON.parse(await fs.readFile(path.join(dir, 'forms', 'everything.json'), 'utf8'));
      expect(form).toMatchObject({ storeSubmissions: false, notifyOwner: true, notifyEmail: 'orders@shop.test', addToMailingList: true });
      // An import of the file changed by hand is what the page reads next.
      await fs.writeFile(path.join(dir, 'forms', 'everything.json'), JSON.stringify({ ...form, notifyEmail: 'imported@shop.test', storeSubmissions: true }));
      await importSite(site.store, dir);
      expect(await read()).toMatchObject({ storeSubmissions: true, notifyOwner: true, notifyEmail: 'imported@shop.test', addToMailingList: true });
      // A hand edit that a submission could not follow fails the import, which changes nothing.
      await fs.writeFile(path.join(dir, 'forms', 'everything.json'), JSON.stringify({ ...form, notifyEmail: 'nobody', storeSubmissions: 'no' }));
      const refused = await importSite(site.store, dir).catch((error: Error) => error);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toContain('storeSubmissions: must be true or false');
      expect((refused as Error).message).toContain('notifyEmail: "nobody" is not an email address');
      expect((await read()).notifyEmail).toBe('imported@shop.test');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('gives the home card a link to the forms page', async () => {
    const home = await site.staff.editor.request('GET', '/api/owner/home');
    expect(home.json.cards.formSubmissions.link).toBe('/config/forms');
  });
});
