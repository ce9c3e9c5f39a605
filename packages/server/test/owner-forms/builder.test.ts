import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { submission, submissionKey } from '../forms/helpers.js';
import { DIALECTS } from '../helpers/store.js';
import { FORMS, type OwnerFormsSite, ownerFormsSite } from './helpers.js';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const CONTACT = `${FORMS}/contact/definition`;

/** A field of every type with each of its type's properties set. */
const EVERY_TYPE_FIELDS = [
  { id: 'about', type: 'section', title: 'About you', underline: true, description: 'A little.' },
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'email', type: 'email', title: 'Email', placeholder: 'you@example.com', required: true },
  { id: 'notes', type: 'textarea', title: 'Notes', maxLength: 300 },
  { id: 'budget', type: 'currency', title: 'Budget', currencySymbol: '€' },
  { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: true },
  { id: 'level', type: 'radio', title: 'Level', options: ['Beginner', 'Expert'] },
  { id: 'days', type: 'checkbox', title: 'Days', options: ['Sat', 'Sun'] },
  { id: 'size', type: 'select', title: 'Size', options: ['S', 'M'] },
  { id: 'views', type: 'likert', title: 'Views', options: ['Clay is fun'] },
  { id: 'source', type: 'hidden', title: 'Source', key: 'utm_source', value: 'direct' },
  ...['text', 'number', 'website', 'password', 'twitter', 'date', 'time', 'address'].map((type) => ({ id: `a-${type}`, type, title: type })),
];

describe.each(DIALECTS)('the form builder API on %s', (dialect) => {
  let site: OwnerFormsSite;

  beforeAll(async () => {
    site = await ownerFormsSite(dialect);
  }, 120_000);
  afterAll(async () => site?.close());

  const admin = () => site.staff.admin;
  const read = async (url = CONTACT) => (await admin().request('GET', url)).json;

  it("reads a form's whole builder state, every step with its defaults", async () => {
    const res = await site.staff.editor.request('GET', CONTACT);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json).toMatchObject({ formKey: 'contact', name: 'Contact', revision: 1, newsletter: false });
    expect(Object.keys(res.json.definition).sort()).toEqual(
      [
        'addToMailingList',
        'captcha',
        'disclaimer',
        'fields',
        'honeypot',
        'notifyEmail',
        'notifyOwner',
        'storeSubmissions',
        'submissionMessage',
        'submitLabel',
        'successRedirect',
      ].sort(),
    );
    expect(res.json.definition).toMatchObject({ storeSubmissions: true, notifyOwner: true, notifyEmail: null, submitLabel: '' });
    expect((await admin().request('GET', `${FORMS}/nope/definition`)).status).toBe(404);
  });

  it('creates a form with a name and an email field and the captcha on, its key a unique slug; or a copy', async () => {
    const made = await admin().request('POST', FORMS, { name: 'Workshop booking' });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ formKey: 'workshop-booking', name: 'Workshop booking', revision: 1, newsletter: false });
    expect(made.json.definition.fields.map((f: { type: string }) => f.type)).toEqual(['name', 'email']);
    expect(made.json.definition.captcha).toBe(true);
    const again = await admin().request('POST', FORMS, { name: 'Workshop Booking!' });
    expect(again.json.formKey).toBe('workshop-booking-2');
    const copy = await admin().request('POST', FORMS, { name: 'Newsletter again', from: 'newsletter' });
    expect(copy.status).toBe(201);
    // A copy of the newsletter form has its fields and settings, but is not the site's newsletter form.
    expect(copy.json).toMatchObject({ formKey: 'newsletter-again', newsletter: false });
    expect(copy.json.definition.fields).toEqual((await read(`${FORMS}/newsletter/definition`)).definition.fields);
    expect(copy.json.definition.addToMailingList).toBe(true);
    const listed = (await admin().request('GET', FORMS)).json.forms.map((f: { formId: string }) => f.formId);
    expect(listed).toEqual(expect.arrayContaining(['workshop-booking', 'workshop-booking-2', 'newsletter-again']));
    for (const [body, errors] of [
      [{ name: '' }, { name: 'Give the form a name of at most 100 characters.' }],
      [{ name: 'x'.repeat(101) }, { name: 'Give the form a name of at most 100 characters.' }],
      [{ name: 'Copy', from: 'nope' }, { from: 'Choose one of the site’s forms to copy.' }],
    ] as const) {
      const res = await admin().request('POST', FORMS, body);
      expect([res.status, res.json.code, res.json.errors], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED', errors]);
    }
  });

  it('saves every field type and step, sanitising rich text and dropping unknown properties; pages render the new form', async () => {
    const { revision } = await read();
    const definition = {
      ...(await read()).definition,
      fields: [...EVERY_TYPE_FIELDS, { id: 'extra', type: 'text', title: 'Extra', bogus: 1, options: ['x'] }],
      submitLabel: 'Send it',
      submissionMessage: '<p onclick="x()">Thanks <script>alert(1)</script><a href="javascript:alert(1)">here</a></p>',
      successRedirect: '/thanks',
      disclaimer: '<p>We keep <b>your</b> answers.</p><img src=x onerror=alert(1)>',
      captcha: false,
      honeypot: true,
      notifyEmail: 'desk@shop.test',
      futureFlag: true,
    };
    const res = await site.staff.editor.request('PUT', CONTACT, { revision, name: 'Contact us', definition });
    expect(res.status).toBe(200);
    expect(res.json.revision).toBe(revision + 1);
    expect(res.json.name).toBe('Contact us');
    const saved = res.json.definition;
    expect(saved.fields.slice(0, EVERY_TYPE_FIELDS.length)).toEqual(EVERY_TYPE_FIELDS);
    expect(saved.fields.at(-1)).toEqual({ id: 'extra', type: 'text', title: 'Extra' });
    expect(saved.submissionMessage).toBe('<p>Thanks <a>here</a></p>');
    expect(saved.disclaimer).toBe('<p>We keep <b>your</b> answers.</p>');
    expect(saved).toMatchObject({ submitLabel: 'Send it', successRedirect: '/thanks', captcha: false, honeypot: true, notifyEmail: 'desk@shop.test' });
    expect(saved.futureFlag).toBeUndefined();
    expect(await read()).toEqual(res.json);
    // The home page shows the form: it renders the saved fields and label at once.
    const page = await site.call('GET', '/?format=json');
    expect(page.body).toContain('Send it');
    expect(page.body).toContain('"currencySymbol":"€"');
    expect(page.body).toContain('We keep <b>your</b> answers.');
  });

  it('holds a visitor to the disclaimer: no "I agree", no submission; the hidden value and answers of removed fields kept', async () => {
    const made = (await admin().request('POST', FORMS, { name: 'Agreement' })).json;
    const fields = [
      { id: 'seat', type: 'text', title: 'Seat', required: true },
      { id: 'source', type: 'hidden', title: 'Source', key: 'utm_source', value: 'direct' },
    ];
    const definition = { ...made.definition, fields, captcha: false, disclaimer: '<p>We keep your answers.</p>' };
    const saved = await admin().request('PUT', `${FORMS}/agreement/definition`, { revision: made.revision, name: 'Agreement', definition });
    expect(saved.status).toBe(200);
    const send = async (extra: Record<string, unknown>) =>
      site.call('POST', '/api/form/SaveFormSubmission', submission('agreement', await submissionKey(site), { seat: 'A1', source: 'mail' }, extra));
    const refused = await send({});
    expect([refused.statusCode, refused.json().errors]).toEqual([400, { disclaimer: 'Please agree to the disclaimer before submitting.' }]);
    expect((await send({ disclaimerAccepted: true })).statusCode).toBe(200);
    // A field renamed or removed later: the submission still shows what was answered.
    const next = { ...saved.json.definition, fields: [{ id: 'row', type: 'text', title: 'Row' }] };
    expect((await admin().request('PUT', `${FORMS}/agreement/definition`, { revision: saved.json.revision, name: 'Agreement', definition: next })).status).toBe(
      200,
    );
    const list = await admin().request('GET', `${FORMS}/agreement/submissions`);
    const detail = await admin().request('GET', `${FORMS}/agreement/submissions/${list.json.submissions[0].id}`);
    expect(detail.json.submission.fields.map((f: { id: string; text: string }) => [f.id, f.text])).toEqual([
      ['seat', 'A1'],
      ['source', 'mail'],
    ]);
    const csv = await admin().request('GET', `${FORMS}/agreement/submissions/export.csv`);
    expect(csv.body).toContain('A1');
    expect(csv.body).toContain('mail');
  });

  it('refuses each bad definition with its message at its path', async () => {
    const { revision, name, definition } = await read();
    const errorsOf = async (change: Record<string, unknown>, body: Record<string, unknown> = {}) => {
      const res = await admin().request('PUT', CONTACT, { revision, name, definition: { ...definition, ...change }, ...body });
      expect([res.status, res.json.code], JSON.stringify(change)).toEqual([400, 'VALIDATION_FAILED']);
      return res.json.errors;
    };
    const field = (f: Record<string, unknown>) => ({ fields: [definition.fields[0], f] });
    expect(await errorsOf({ fields: [] })).toEqual({ 'definition.fields': 'A form has 1 to 100 fields.' });
    expect(await errorsOf({ fields: Array.from({ length: 101 }, (_, i) => ({ id: `f${i}`, type: 'text', title: 'T' })) })).toEqual({
      'definition.fields': 'A form has 1 to 100 fields.',
    });
    expect(await errorsOf(field({ id: 'about', type: 'text', title: 'Again' }))).toEqual({ 'definition.fields[1].id': 'Two fields have the id about.' });
    expect(await errorsOf(field({ id: 'Bad Id', type: 'text', title: 'T' }))).toEqual({
      'definition.fields[1].id': 'An id is 1 to 60 lowercase letters, digits or hyphens.',
    });
    expect(await errorsOf(field({ id: 'x'.repeat(61), type: 'text', title: 'T' }))).toEqual({
      'definition.fields[1].id': 'An id is 1 to 60 lowercase letters, digits or hyphens.',
    });
    expect(await errorsOf(field({ id: 'x', type: 'colour', title: 'T' }))).toEqual({
      'definition.fields[1].type': 'colour is not one of the expected options',
    });
    expect(await errorsOf(field({ id: 'x', type: 'text', title: ' ' }))).toEqual({
      'definition.fields[1].title': 'Give the field a title of at most 200 characters.',
    });
    expect(await errorsOf(field({ id: 'x', type: 'radio', title: 'T', options: [] }))).toEqual({
      'definition.fields[1].options': 'Give 1 to 100 options of 1 to 200 characters.',
    });
    expect(await errorsOf(field({ id: 'x', type: 'likert', title: 'T', options: ['Yes', 'Yes'] }))).toEqual({
      'definition.fields[1].options': 'Two options read Yes.',
    });
    for (const maxLength of [0, 1.5, 100_001, '10'])
      expect(await errorsOf(field({ id: 'x', type: 'textarea', title: 'T', maxLength }))).toEqual({
        'definition.fields[1].maxLength': 'Enter a whole number from 1 to 100000.',
      });
    expect(await errorsOf(field({ id: 'x', type: 'hidden', title: 'T' }))).toEqual({
      'definition.fields[1].key': 'Give the hidden field a key: 1 to 60 letters, digits, hyphens or underscores.',
    });
    expect(await errorsOf({ successRedirect: 'javascript:alert(1)' })).toEqual({
      'definition.successRedirect': 'Links must be formatted as https://example.com or /about',
    });
    expect(await errorsOf({ notifyEmail: 'nope' })).toEqual({ 'definition.notifyEmail': 'Please enter a valid email' });
    expect(await errorsOf({ storeSubmissions: false, notifyOwner: false })).toEqual({
      'definition.storeSubmissions': 'Keep the submissions or mail them: otherwise they are lost.',
    });
    expect(await errorsOf({ captcha: 'yes' })).toEqual({ 'definition.captcha': 'Choose yes or no.' });
    expect(await errorsOf({}, { revision: 0, name: '' })).toEqual({
      revision: 'Send the revision the form was read with.',
      name: 'Give the form a name of at most 100 characters.',
    });
    expect((await read()).revision).toBe(revision);
  });

  it('refuses a save made from an older revision, whichever way the form changed since: 409, nothing overwritten', async () => {
    const first = await read();
    const ok = await admin().request('PUT', CONTACT, { revision: first.revision, name: 'First', definition: first.definition });
    expect(ok.status).toBe(200);
    const stale = await site.staff.editor.request('PUT', CONTACT, { revision: first.revision, name: 'Second', definition: first.definition });
    expect([stale.status, stale.json.code, stale.json.error]).toEqual([
      409,
      'FORM_CONFLICT',
      'Someone else saved this form after you opened it. Reload it to see their changes; yours are kept in this window until you do.',
    ]);
    // The settings page's save counts as a change too.
    const settings = (await admin().request('GET', `${FORMS}/contact/settings`)).json;
    const put = await admin().request('PUT', `${FORMS}/contact/settings`, { ...settings, notifyEmail: null });
    expect(put.status).toBe(200);
    const afterSettings = await admin().request('PUT', CONTACT, { revision: ok.json.revision, name: 'Third', definition: first.definition });
    expect(afterSettings.status).toBe(409);
    expect((await read()).name).toBe('First');
    // Two saves from the same read at once: exactly one wins.
    const now = await read();
    const both = await Promise.all(['A', 'B'].map((name) => admin().request('PUT', CONTACT, { revision: now.revision, name, definition: now.definition })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses to delete a form a page, a draft or a product uses, unless forced; never the newsletter form; submissions stay', async () => {
    const contact = await admin().request('DELETE', `${FORMS}/contact`);
    expect([contact.status, contact.json.code, contact.json.error]).toEqual([
      409,
      'FORM_IN_USE',
      'This form is used by Welcome: take it off them first, or delete it anyway.',
    ]);
    const engraving = await admin().request('DELETE', `${FORMS}/engraving`);
    expect([engraving.status, engraving.json.error]).toEqual([409, 'This form is used by Engraved Pen: take it off them first, or delete it anyway.']);
    // A draft that places the form counts as a use.
    const made = (await admin().request('POST', FORMS, { name: 'Draft only' })).json;
    const item = await site.store.db
      .selectFrom('items')
      .select(['id', 'title'])
      .where('website_id', '=', site.websiteId)
      .where('url_id', '=', 'blue-mug')
      .executeTakeFirstOrThrow();
    const block = { id: 'b1', kind: 'form', span: 1, hidden: {}, settings: { form: made.formKey, title: '' } };
    await site.store.db
      .insertInto('item_drafts')
      .values({
        item_id: item.id,
        website_id: site.websiteId,
        document: JSON.stringify({ title: item.title, excerpt: '', sections: [{ id: 's1', blocks: [block] }] }),
        revision: 1,
        updated_by: 'test',
        updated_on: site.clock(),
      })
      .execute();
    const drafted = await admin().request('DELETE', `${FORMS}/${made.formKey}`);
    expect([drafted.status, drafted.json.error]).toEqual([409, `This form is used by ${item.title} (draft): take it off them first, or delete it anyway.`]);
    const newsletter = await admin().request('DELETE', `${FORMS}/newsletter?force=1`);
    expect([newsletter.status, newsletter.json.code]).toEqual([409, 'FORM_NOT_DELETABLE']);

    await site.submit();
    const forced = await admin().request('DELETE', `${FORMS}/everything?force=1`);
    expect(forced.status).toBe(204);
    expect((await admin().request('GET', `${FORMS}/everything/definition`)).status).toBe(404);
    expect((await admin().request('DELETE', `${FORMS}/everything`)).status).toBe(404);
    const list = await admin().request('GET', `${FORMS}/everything/submissions`);
    expect([list.status, list.json.form.removed, list.json.submissions.length]).toEqual([200, true, 1]);
  });

  it('lets the roles with editContent build forms; 403 to the others, 401 to nobody; the crumb on writes', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', CONTACT, undefined],
      ['POST', FORMS, { name: 'Roles' }],
      ['PUT', CONTACT, { revision: 1, name: 'x', definition: {} }],
      ['DELETE', `${FORMS}/feedback-nope`, undefined],
    ];
    for (const [method, url, body] of calls) {
      for (const name of ['store-manager', 'reporting'] as const) {
        const res = await site.staff[name].request(method, url, body);
        expect([res.status, res.json.code], `${name} ${method} ${url}`).toEqual([403, 'PERMISSION_DENIED']);
      }
      const nobody = await site.nobody.request(method, url, body);
      expect([nobody.status, nobody.json.code]).toEqual([401, 'OWNER_SIGN_IN_REQUIRED']);
      if (method !== 'GET') {
        const noCrumb = await admin().request(method, url, body, { 'x-csrf-token': '' });
        expect([noCrumb.status, noCrumb.json.code]).toEqual([403, 'CRUMB_FAIL']);
      }
    }
    expect((await site.staff.editor.request('POST', FORMS, { name: 'By an editor' })).status).toBe(201);
  });

  it('exports every builder property to forms/<id>.json and imports it back', async () => {
    const made = (await admin().request('POST', FORMS, { name: 'Round trip' })).json;
    const definition = { ...made.definition, fields: EVERY_TYPE_FIELDS, submitLabel: 'Book', disclaimer: '<p>Agree.</p>', successRedirect: '/thanks' };
    const saved = (await admin().request('PUT', `${FORMS}/round-trip/definition`, { revision: made.revision, name: 'Round trip', definition })).json;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'form-builder-'));
    try {
      await exportSite(site.store, dir);
      const file = JSON.parse(await fs.readFile(path.join(dir, 'forms', 'round-trip.json'), 'utf8'));
      // No notifyEmail in the file is the site's owner address.
      const { notifyEmail, ...rest } = saved.definition;
      expect([notifyEmail, file.notifyEmail]).toEqual([null, undefined]);
      expect(file).toMatchObject({ id: 'round-trip', name: 'Round trip', ...rest });
      await importSite(site.store, dir);
      expect((await read(`${FORMS}/round-trip/definition`)).definition).toEqual(saved.definition);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
