// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsAnswer, Submission, SubmissionSummary } from '../../src/pages/form/calls.js';
import FormPage, { type FormContext } from '../../src/pages/form/page.js';
import FormsPage, { type FormsContext } from '../../src/pages/forms/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/config/forms/contact'));

const base = { siteTitle: 'Tessera Supply Co.', language: 'en-US', email: 'owner@shop.test', timeZone: 'UTC' };
const manager: FormContext = { ...base, page: 'form', formId: 'contact', permissions: ['viewFormSubmissions', 'manageFormSubmissions'] };
const reader: FormContext = { ...manager, permissions: ['viewFormSubmissions'] };
const API = '/api/owner/forms/contact';
const LIST = `${API}/submissions`;
const SETTINGS = `${API}/settings`;

const settle = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await new Promise((r) => setTimeout(r, 0));
  });

const row = (n: number): SubmissionSummary => ({
  id: `s${n}`,
  submittedOn: Date.UTC(2026, 4, n, 9, 30),
  values: { name: `Visitor ${n}`, email: `v${n}@example.com`, message: `Message ${n}` },
  pageTitle: 'Contact',
  pagePath: '/contact',
});
const columns = [
  { id: 'name', type: 'name', title: 'Name' },
  { id: 'email', type: 'email', title: 'Email' },
  { id: 'message', type: 'textarea', title: 'Message' },
  { id: 'address', type: 'address', title: 'Address' },
];
const list = (rows: SubmissionSummary[], nextCursor: string | null = null) =>
  json(200, { form: { formId: 'contact', name: 'Contact', removed: false }, columns, submissions: rows, nextCursor });
const settings: SettingsAnswer = {
  formId: 'contact',
  name: 'Contact',
  newsletter: false,
  version: 'v1',
  storeSubmissions: true,
  notifyOwner: true,
  notifyEmail: null,
  addToMailingList: false,
  ownerEmail: 'owner@shop.test',
};
const submission: Submission = {
  id: 's2',
  formId: 'contact',
  formName: 'Contact',
  submittedOn: Date.UTC(2026, 4, 2, 9, 30),
  fields: [
    { id: 'name', type: 'name', title: 'Name', value: ['Ada', 'Lovelace'], text: 'Ada Lovelace' },
    { id: 'address', type: 'address', title: 'Address', value: ['1 Main St', '', 'Springfield'], text: '1 Main St, Springfield' },
    { id: 'extras', type: 'checkbox', title: 'Extras', value: ['Gift wrap', 'Card'], text: 'Gift wrap, Card' },
    { id: 'opinion', type: 'likert', title: 'Opinion', value: { 'Fast delivery': ['2'] }, text: 'Fast delivery: Strongly Agree' },
    { id: 'phone', type: 'phone', title: 'Phone', value: ['44', '020', '7946', '0018'], text: '+44 020 7946 0018' },
    { id: 'note', type: 'text', title: 'Note', value: null, text: '' },
  ],
  page: { title: 'Contact', path: '/contact', url: 'https://shop.test/contact' },
};

describe('the forms page', () => {
  const context: FormsContext = { ...base, page: 'forms', permissions: ['viewFormSubmissions'] };

  it('lists each form with its count and latest submission, linking to its page', async () => {
    const server = fakeServer().once('/api/owner/forms', () =>
      json(200, {
        forms: [
          {
            formId: 'contact',
            name: 'Contact',
            newsletter: false,
            removed: false,
            submissionCount: 3,
            lastSubmittedOn: Date.UTC(2026, 4, 2, 9),
            link: '/config/forms/contact',
          },
          {
            formId: 'newsletter',
            name: 'Newsletter',
            newsletter: true,
            removed: false,
            submissionCount: 0,
            lastSubmittedOn: null,
            link: '/config/forms/newsletter',
          },
        ],
      }),
    );
    render(<FormsPage context={context} api={createApi({ fetch: server.fetch })} />);
    expect(screen.getByRole('status').textContent).toBe('Loading forms…');
    await settle();
    const table = screen.getByRole('table', { name: 'Forms' });
    expect(within(table).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/config/forms/contact');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('3');
    expect(rows[2]!.textContent).toContain('None yet');
    expect(rows[2]!.textContent).toContain('Newsletter sign-up');
    expect(screen.getByRole('status').textContent).toBe('2 forms, 3 submissions.');
  });

  it('says when the site has no forms, and offers a retry when the call fails', async () => {
    const server = fakeServer()
      .once('/api/owner/forms', () => json(500, { error: 'Something went wrong.', code: 'INTERNAL' }))
      .once('/api/owner/forms', () => json(200, { forms: [] }));
    render(<FormsPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByText('No forms yet')).toBeTruthy();
  });
});

describe("a form's page", () => {
  it('lists submissions with the first fields as columns, pages on with the cursor, and searches by the address', async () => {
    history.replaceState(null, '', '/config/forms/contact?q=ada&from=2026-05-01');
    const from = String(Date.UTC(2026, 4, 1));
    const server = fakeServer()
      .once(`${LIST}?q=ada&from=${from}`, () => list([row(3), row(2)], 'next-1'))
      .once(`${LIST}?q=ada&from=${from}&cursor=next-1`, () => list([row(1)]))
      .once(SETTINGS, () => json(200, settings));
    render(<FormPage context={manager} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const table = screen.getByRole('table', { name: 'Submissions' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Sent', 'Name', 'Email', 'Message', 'Page']);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('ada');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(`${API}/submissions/export.csv?q=ada&from=${from}`);
    // Deleting all is offered on the whole list only, not on a filtered one.
    expect(screen.queryByRole('button', { name: 'Delete all…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more submissions' }));
    await settle();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Showing 3 submissions matching the filters.');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'grace' } });
    server.once(`${LIST}?q=grace&from=${from}`, () => list([]));
    fireEvent.submit(screen.getByRole('search', { name: 'Search submissions' }));
    await settle();
    expect(location.search).toBe('?q=grace&from=2026-05-01');
    expect(screen.getByText('No submissions match these filters')).toBeTruthy();
  });

  it('opens a submission with every field in its shape, and deletes it after asking', async () => {
    const server = fakeServer()
      .once(LIST, () => list([row(3), row(2)]))
      .once(SETTINGS, () => json(200, settings))
      .once(`${LIST}/s2`, () => json(200, { submission }))
      .once(`${LIST}/s2`, () => new Response(null, { status: 204 }));
    render(<FormPage context={manager} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /May 2, 2026.*open this submission/ }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Submission' });
    expect(within(dialog).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(dialog).getByText('Springfield')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gift wrap', 'Card']);
    expect(within(dialog).getByText('Strongly Agree')).toBeTruthy();
    expect(within(dialog).getByText('+44 020 7946 0018')).toBeTruthy();
    expect(within(dialog).getByText('Not answered')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('https://shop.test/contact');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete submission' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this submission?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete submission' }));
    await settle();
    expect(server.to(`${LIST}/s2`).map((r) => r.method)).toEqual(['GET', 'DELETE']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Submissions' })).getAllByRole('row')).toHaveLength(2);
    expect(screen.getAllByRole('status')[0]!.textContent).toContain('Submission deleted.');
  });

  it('deletes all only once the form’s name is typed, and says how many went', async () => {
    document.cookie = 'crumb=crumb-forms';
    const server = fakeServer()
      .once(LIST, () => list([row(2), row(1)]))
      .once(SETTINGS, () => json(200, settings))
      .once(LIST, () => json(200, { deleted: 2 }))
      .once(LIST, () => list([]));
    render(<FormPage context={manager} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete all…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete all submissions?' });
    const go = within(dialog).getByRole('button', { name: 'Delete all submissions' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Type the form's name, Contact, to confirm"), { target: { value: 'Contact' } });
    expect(go.disabled).toBe(false);
    fireEvent.click(go);
    await settle();
    const sent = server.to(LIST).find((r) => r.method === 'DELETE');
    expect(sent?.body).toEqual({ confirm: 'Contact' });
    expect(sent?.headers['x-csrf-token']).toBe('crumb-forms');
    expect(screen.getAllByRole('status')[0]!.textContent).toContain('Deleted 2 submissions.');
    expect(screen.getByText('No submissions yet')).toBeTruthy();
  });

  it('saves the settings with their version, shows the field’s message, and offers a reload on a conflict', async () => {
    const server = fakeServer()
      .once(LIST, () => list([]))
      .once(SETTINGS, () => json(200, settings))
      .once(SETTINGS, () => json(400, { error: 'Check the fields.', code: 'VALIDATION_FAILED', errors: { notifyEmail: 'Please enter a valid email' } }))
      .once(SETTINGS, () => json(200, { ...settings, version: 'v2', notifyEmail: 'orders@shop.test' }))
      .once(SETTINGS, () => json(409, { error: "Someone else changed this form's settings after you opened them.", code: 'FORM_SETTINGS_CHANGED' }));
    render(<FormPage context={manager} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const email = screen.getByLabelText('Mail them to') as HTMLInputElement;
    expect(email.placeholder).toBe('owner@shop.test');
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await settle();
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(email, { target: { value: 'orders@shop.test' } });
    fireEvent.click(screen.getByLabelText('Keep them here, for this page and the export'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await settle();
    const puts = server.to(SETTINGS).filter((r) => r.method === 'PUT');
    expect(puts[1]!.body).toEqual({ version: 'v1', storeSubmissions: false, notifyOwner: true, notifyEmail: 'orders@shop.test', addToMailingList: false });
    expect(screen.getByText('Settings saved.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await settle();
    expect(puts.length + 1).toBe(server.to(SETTINGS).filter((r) => r.method === 'PUT').length);
    expect(server.to(SETTINGS).filter((r) => r.method === 'PUT')[2]!.body).toMatchObject({ version: 'v2' });
    expect(screen.getByText(/Someone else changed this form's settings/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the settings' })).toBeTruthy();
  });

  it('shows a reader the submissions without the deletes and the settings', async () => {
    const server = fakeServer().once(LIST, () => list([row(1)]));
    render(<FormPage context={reader} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.queryByRole('button', { name: 'Delete all…' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Where submissions go' })).toBeNull();
    expect(server.to(SETTINGS)).toHaveLength(0);
  });
});
