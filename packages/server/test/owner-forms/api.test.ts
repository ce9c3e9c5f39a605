import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSubmission } from '../../src/modules/forms/store.js';
import { DIALECTS } from '../helpers/store.js';
import { EVERYTHING, FORMS, type OwnerFormsSite, ownerFormsSite } from './helpers.js';

describe.each(DIALECTS)('the owner API for form submissions on %s', (dialect) => {
  let site: OwnerFormsSite;

  beforeAll(async () => {
    site = await ownerFormsSite(dialect);
    await site.submit({ message: 'First one' });
    await site.submit({ message: 'He said "hi"', name: ['Grace', 'Hopper'], email: 'grace@example.com' });
    await site.submit({ message: '=HYPERLINK("x")', email: 'mallory@example.com' });
    // A form that has left the site still has its submissions.
    await insertSubmission(site.store.db, {
      websiteId: site.websiteId,
      formKey: 'old-survey',
      formName: 'Old survey',
      fields: [{ id: 'q', type: 'text', title: 'Question' }],
      values: { q: 'an answer' },
      pageTitle: '',
      pageId: '',
      contentSource: '',
      pagePath: '',
      pagePermissionTypeValue: '',
      submittedOn: site.clock() - 86_400_000,
    });
  }, 120_000);
  afterAll(async () => site?.close());

  const admin = () => site.staff.admin;

  it('lists the forms with their submission counts and latest dates, forms that left the site after', async () => {
    const res = await admin().request('GET', FORMS);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const forms = res.json.forms as {
      formId: string;
      name: string;
      submissionCount: number;
      lastSubmittedOn: number | null;
      removed: boolean;
      newsletter: boolean;
      link: string;
    }[];
    expect(forms.map((f) => f.formId)).toEqual(['contact', 'engraving', 'everything', 'newsletter', 'old-survey']);
    expect(forms.find((f) => f.formId === 'everything')).toEqual({
      formId: 'everything',
      name: 'Everything',
      newsletter: false,
      removed: false,
      submissionCount: 3,
      lastSubmittedOn: site.clock(),
      link: '/config/forms/everything',
    });
    expect(forms.find((f) => f.formId === 'contact')).toMatchObject({ submissionCount: 0, lastSubmittedOn: null });
    expect(forms.find((f) => f.formId === 'newsletter')).toMatchObject({ newsletter: true });
    expect(forms.at(-1)).toMatchObject({ formId: 'old-survey', name: 'old-survey', removed: true, submissionCount: 1 });
  });

  it('lists a form’s submissions newest first, each value as text in its shape, by keyset pages that never repeat', async () => {
    const first = await admin().request('GET', `${EVERYTHING}/submissions?limit=2`);
    expect(first.status).toBe(200);
    expect(first.json.form).toEqual({ formId: 'everything', name: 'Everything', removed: false });
    expect(first.json.columns.map((c: { id: string }) => c.id)).toEqual([
      'name',
      'email',
      'message',
      'budget',
      'guests',
      'site',
      'secret',
      'handle',
      'day',
      'at',
      'address',
      'phone',
      'colour',
      'extras',
      'size',
      'opinion',
      'campaign',
    ]);
    const rows = first.json.submissions;
    expect(rows.map((r: { values: { message: string } }) => r.values.message)).toEqual(['=HYPERLINK("x")', 'He said "hi"']);
    expect(rows[1].values).toMatchObject({
      name: 'Grace Hopper',
      day: '12/10/2025',
      at: '9:05 PM',
      address: '1 Main St, Springfield, IL, 62701, USA',
      phone: '+44 020 7946 0018',
      extras: 'Gift wrap, Card',
      opinion: 'Fast delivery: Strongly Agree\nGood value: Disagree',
    });
    expect(rows[1]).toMatchObject({ pageTitle: 'Contact', pagePath: '/contact', submittedOn: site.clock() - 1000 });
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await admin().request('GET', `${EVERYTHING}/submissions?limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json.submissions.map((r: { values: { message: string } }) => r.values.message)).toEqual(['First one']);
    expect(second.json.nextCursor).toBeNull();
  });

  it('searches the submitted values in any case, quotes too, and filters by time', async () => {
    const search = async (query: string) =>
      (await admin().request('GET', `${EVERYTHING}/submissions?${query}`)).json.submissions.map((r: { values: { email: string } }) => r.values.email);
    expect(await search('q=GRACE')).toEqual(['grace@example.com']);
    expect(await search(`q=${encodeURIComponent('said "hi')}`)).toEqual(['grace@example.com']);
    expect(await search('q=100%25')).toEqual([]);
    expect(await search(`from=${site.clock() - 1000}`)).toEqual(['mallory@example.com', 'grace@example.com']);
    expect(await search(`to=${site.clock() - 1000}`)).toEqual(['ada@example.com']);
  });

  it('lists a removed form’s submissions with the columns they were sent with, and 404 for a form that never was', async () => {
    const res = await admin().request('GET', `${FORMS}/old-survey/submissions`);
    expect(res.json).toMatchObject({ form: { formId: 'old-survey', name: 'Old survey', removed: true }, columns: [{ id: 'q', title: 'Question' }] });
    expect(res.json.submissions[0].values).toEqual({ q: 'an answer' });
    const none = await admin().request('GET', `${FORMS}/no-such-form/submissions`);
    expect(none.status).toBe(404);
    expect(none.json.code).toBe('NOT_FOUND');
  });

  it('refuses bad list queries with the field’s message', async () => {
    const bad = async (query: string) => (await admin().request('GET', `${EVERYTHING}/submissions?${query}`)).json;
    expect(await bad(`q=${'x'.repeat(201)}`)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { q: 'Search with at most 200 characters.' } });
    expect(await bad('from=yesterday&to=-1')).toMatchObject({
      errors: { from: 'Enter a time in epoch milliseconds.', to: 'Enter a time in epoch milliseconds.' },
    });
    expect(await bad('limit=0')).toMatchObject({ errors: { limit: 'Choose a page size from 1 to 100.' } });
    expect(await bad('cursor=not-a-cursor')).toMatchObject({ code: 'CURSOR_INVALID' });
  });

  it('answers one submission with each field’s structured value and its text, and the page it was sent from', async () => {
    const list = await admin().request('GET', `${EVERYTHING}/submissions?q=grace`);
    const id = list.json.submissions[0].id as string;
    const res = await admin().request('GET', `${EVERYTHING}/submissions/${id}`);
    expect(res.status).toBe(200);
    const s = res.json.submission;
    expect(s).toMatchObject({ id, formId: 'everything', formName: 'Everything', submittedOn: site.clock() - 1000 });
    expect(s.page).toEqual({ title: 'Contact', path: '/contact', url: 'http://shop.test/contact' });
    const field = (fid: string) => s.fields.find((f: { id: string }) => f.id === fid);
    expect(field('name')).toEqual({ id: 'name', type: 'name', title: 'Name', value: ['Grace', 'Hopper'], text: 'Grace Hopper' });
    expect(field('phone')).toEqual({ id: 'phone', type: 'phone', title: 'Phone', value: ['44', '020', '7946', '0018'], text: '+44 020 7946 0018' });
    expect(field('opinion')).toMatchObject({ value: { 'Fast delivery': ['2'], 'Good value': ['-1'] } });
    expect(s.fields.some((f: { type: string }) => f.type === 'section')).toBe(false);
    expect((await admin().request('GET', `${EVERYTHING}/submissions/nope`)).status).toBe(404);
    // Another form's path does not reach it.
    expect((await admin().request('GET', `${FORMS}/contact/submissions/${id}`)).status).toBe(404);
  });

  it('exports the filtered submissions as CSV, formulas made harmless', async () => {
    const res = await admin().request('GET', `${EVERYTHING}/submissions/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="everything-submissions-2026-05-01.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'Submitted On,Name,Email,Message,Budget,Guests,Website,Password,Twitter,Date,Time,Address,Phone,Colour,Extras,Size,Opinion,Campaign,Page Title,Page Path',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]!.startsWith(new Date(site.clock()).toISOString())).toBe(true);
    const filtered = await admin().request('GET', `${EVERYTHING}/submissions/export.csv?q=grace`);
    expect(filtered.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect((await admin().request('GET', `${EVERYTHING}/submissions/export.csv?from=x`)).json.errors).toEqual({ from: 'Enter a time in epoch milliseconds.' });
  });

  it('lets each role read, export, delete and change settings as roles.md says; 401 to nobody; the crumb on deletes', async () => {
    const list = await admin().request('GET', `${EVERYTHING}/submissions`);
    const id = list.json.submissions[0].id as string;
    const reads = [FORMS, `${EVERYTHING}/submissions`, `${EVERYTHING}/submissions/${id}`, `${EVERYTHING}/submissions/export.csv`, `${EVERYTHING}/settings`];
    for (const url of reads) {
      for (const name of ['admin', 'editor', 'store-manager'] as const) expect((await site.staff[name].request('GET', url)).status, `${name} ${url}`).toBe(200);
      const denied = await site.staff.reporting.request('GET', url);
      expect([denied.status, denied.json.code], url).toEqual([403, 'PERMISSION_DENIED']);
      const nobody = await site.nobody.request('GET', url);
      expect([nobody.status, nobody.json.code], url).toEqual([401, 'OWNER_SIGN_IN_REQUIRED']);
    }
    const writes: [string, string, unknown][] = [
      ['DELETE', `${EVERYTHING}/submissions/${id}`, undefined],
      ['DELETE', `${EVERYTHING}/submissions`, { confirm: 'Everything' }],
      ['PUT', `${EVERYTHING}/settings`, { version: 'x', storeSubmissions: true, notifyOwner: true, notifyEmail: null, addToMailingList: false }],
    ];
    for (const [method, url, body] of writes) {
      for (const name of ['store-manager', 'reporting'] as const) {
        const res = await site.staff[name].request(method, url, body);
        expect([res.status, res.json.code], `${name} ${method} ${url}`).toEqual([403, 'PERMISSION_DENIED']);
      }
      expect((await site.nobody.request(method, url, body)).status).toBe(401);
      const noCrumb = await admin().request(method, url, body, { 'x-csrf-token': '' });
      expect([noCrumb.status, noCrumb.json.code]).toEqual([403, 'CRUMB_FAIL']);
    }
    expect(await site.store.db.selectFrom('form_submissions').select('id').where('id', '=', id).execute()).toHaveLength(1);
  });

  it('deletes one submission (then 404), and all of a form’s only with its name typed', async () => {
    const list = await admin().request('GET', `${EVERYTHING}/submissions`);
    const id = list.json.submissions[0].id as string;
    const del = await site.staff.editor.request('DELETE', `${EVERYTHING}/submissions/${id}`);
    expect(del.status).toBe(204);
    expect((await admin().request('DELETE', `${EVERYTHING}/submissions/${id}`)).status).toBe(404);
    expect((await admin().request('GET', `${EVERYTHING}/submissions`)).json.submissions).toHaveLength(2);
    // The list of forms follows at once: one fewer, and the latest is now the next one's time.
    const everything = async () => (await admin().request('GET', FORMS)).json.forms.find((f: { formId: string }) => f.formId === 'everything');
    const next = (await admin().request('GET', `${EVERYTHING}/submissions`)).json.submissions[0];
    expect(await everything()).toMatchObject({ submissionCount: 2, lastSubmittedOn: next.submittedOn });

    const message = "Type the form's name, Everything, to delete all its submissions.";
    for (const body of [undefined, {}, { confirm: 'everything' }]) {
      const res = await admin().request('DELETE', `${EVERYTHING}/submissions`, body);
      expect([res.status, res.json.errors], JSON.stringify(body)).toEqual([400, { confirm: message }]);
    }
    const all = await admin().request('DELETE', `${EVERYTHING}/submissions`, { confirm: ' Everything ' });
    expect([all.status, all.json]).toEqual([200, { deleted: 2 }]);
    expect((await admin().request('GET', `${EVERYTHING}/submissions`)).json.submissions).toEqual([]);
    expect(await everything()).toMatchObject({ submissionCount: 0, lastSubmittedOn: null });
    // Other forms keep theirs.
    expect((await admin().request('GET', `${FORMS}/old-survey/submissions`)).json.submissions).toHaveLength(1);
    const removed = await admin().request('DELETE', `${FORMS}/old-survey/submissions`, { confirm: 'Old survey' });
    expect(removed.json).toEqual({ deleted: 1 });
    expect((await admin().request('GET', FORMS)).json.forms.map((f: { formId: string }) => f.formId)).not.toContain('old-survey');
  });
});
