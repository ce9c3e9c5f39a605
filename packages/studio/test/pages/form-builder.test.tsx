// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import { FormBlockLinks } from '../../src/pages/form-builder/block-links.js';
import type { BuilderForm } from '../../src/pages/form-builder/calls.js';
import BuilderPage, { type BuilderContext } from '../../src/pages/form-builder/page.js';
import FormsPage from '../../src/pages/forms/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const context: BuilderContext = {
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  page: 'form-builder',
  formId: 'booking',
  permissions: ['editContent'],
};
const API = '/api/owner/forms/booking/definition';

const form = (over: Partial<BuilderForm> = {}): BuilderForm => ({
  formKey: 'booking',
  name: 'Workshop booking',
  revision: 3,
  newsletter: false,
  definition: {
    fields: [
      { id: 'name', type: 'name', title: 'Name', required: true },
      { id: 'email', type: 'email', title: 'Email', required: true },
    ],
    storeSubmissions: true,
    notifyOwner: true,
    notifyEmail: null,
    addToMailingList: false,
    submitLabel: '',
    submissionMessage: '',
    successRedirect: '',
    captcha: true,
    honeypot: true,
    disclaimer: '',
  },
  ...over,
});

const settle = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await new Promise((r) => setTimeout(r, 0));
  });

async function open(server = fakeServer()) {
  server.once(API, () => json(200, form()));
  render(<BuilderPage context={context} api={createApi({ fetch: server.fetch })} />);
  await settle();
  return server;
}

/** What the builder's status line says (dnd-kit has a live region of its own). */
const said = () => document.querySelector('.form-builder .status')!.textContent;
const fieldTitles = () =>
  within(screen.getByRole('list', { name: 'Fields' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.builder-field-title')!.textContent);

describe('the form builder', () => {
  it('adds a field from the menu of the 19 types, shows only its type’s properties, and previews it', async () => {
    await open();
    const menu = screen.getByLabelText('New field type') as HTMLSelectElement;
    expect(menu.options).toHaveLength(19);
    fireEvent.change(menu, { target: { value: 'textarea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(fieldTitles()).toEqual(['Name', 'Email', 'Text area']);
    expect(said()).toContain('Text area field added at place 3.');
    expect(screen.getByLabelText('Maximum length')).toBeTruthy();
    expect(screen.queryByLabelText('Options')).toBeNull();
    fireEvent.change(screen.getByLabelText('Maximum length'), { target: { value: '200' } });
    expect(screen.getByText('0 / 200')).toBeTruthy();

    fireEvent.change(menu, { target: { value: 'phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(screen.queryByLabelText('Maximum length')).toBeNull();
    fireEvent.click(screen.getByLabelText('Show a country code'));
    expect(screen.getByLabelText('Country code')).toBeTruthy();

    fireEvent.change(menu, { target: { value: 'hidden' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect((screen.getByLabelText('Key') as HTMLInputElement).value).toBe('hidden');
  });

  it('moves fields with Move up / Move down, duplicates, and deletes after asking; then saves with the revision', async () => {
    const server = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Name' }));
    expect(fieldTitles()).toEqual(['Email', 'Name']);
    expect(said()).toBe('Name moved to place 2 of 2.');
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate: Email' }));
    expect(fieldTitles()).toEqual(['Name', 'Email', 'Email (copy)']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete: Email (copy)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the field Email (copy)?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete field' }));
    expect(fieldTitles()).toEqual(['Name', 'Email']);

    fireEvent.click(screen.getByRole('tab', { name: 'Advanced' }));
    fireEvent.change(screen.getByLabelText('Submit button label'), { target: { value: 'Book my seat' } });
    expect(screen.getByRole('button', { name: 'Book my seat' })).toBeTruthy();
    server.once(API, () => json(200, form({ revision: 4 })));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const [save] = server.to(API).filter((r) => r.method === 'PUT');
    expect(save!.body).toMatchObject({ revision: 3, name: 'Workshop booking', definition: { submitLabel: 'Book my seat' } });
    expect(said()).toBe('Saved.');
  });

  it('goes to the step and field of a 400’s first error, and shows it beside the field', async () => {
    const server = await open();
    server.once(API, () =>
      json(400, {
        code: 'VALIDATION_FAILED',
        error: 'Check the fields.',
        errors: { 'definition.fields[1].title': 'Give the field a title of at most 200 characters.' },
      }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Captcha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByRole('tab', { name: /Build/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Build/ }).textContent).toContain('needs attention');
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Email');
    expect(said()).toBe('Not saved: Give the field a title of at most 200 characters.');
  });

  it('keeps the owner’s work on a 409 and offers to load theirs or save over it', async () => {
    const server = await open();
    fireEvent.change(screen.getByLabelText('Form name'), { target: { value: 'Mine' } });
    server.once(API, () => json(409, { code: 'FORM_CONFLICT', error: 'Someone else saved this form after you opened it.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'This form changed' });
    expect(within(dialog).getByText('Someone else saved this form after you opened it.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByLabelText('Form name') as HTMLInputElement).value).toBe('Mine');
    server.once(API, () => json(409, { code: 'FORM_CONFLICT', error: 'Someone else saved this form after you opened it.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    server.once(API, () => json(200, form({ revision: 7 })));
    server.once(API, () => json(200, form({ revision: 8, name: 'Mine' })));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save mine over theirs' }));
    await settle();
    const puts = server.to(API).filter((r) => r.method === 'PUT');
    expect(puts.at(-1)!.body).toMatchObject({ revision: 7, name: 'Mine' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before deleting the form and shows the server’s refusal naming the pages', async () => {
    const server = await open();
    server.once('/api/owner/forms/booking', () =>
      json(409, { code: 'FORM_IN_USE', error: 'This form is used by Workshops: take it off them first, or delete it anyway.' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete form' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the form Workshop booking?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete form' }));
    await settle();
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(
      'This form is used by Workshops: take it off them first, or delete it anyway.',
    );
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete it anyway' })).toBeTruthy();
    expect(server.to('/api/owner/forms/booking')[0]!.method).toBe('DELETE');
  });
});

describe('the ways into the builder', () => {
  it('makes a new form, or a copy, from the forms page for a role that may build forms', async () => {
    const server = fakeServer().once('/api/owner/forms', () =>
      json(200, {
        forms: [
          { formId: 'contact', name: 'Contact', newsletter: false, removed: false, submissionCount: 0, lastSubmittedOn: null, link: '/config/forms/contact' },
        ],
      }),
    );
    server.once('/api/owner/forms', () =>
      json(400, { code: 'VALIDATION_FAILED', error: 'Check', errors: { name: 'Give the form a name of at most 100 characters.' } }),
    );
    const api = createApi({ fetch: server.fetch });
    render(<FormsPage context={{ ...context, page: 'forms' }} api={api} />);
    await settle();
    const form = screen.getByRole('form', { name: 'New form' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Copy of contact' } });
    fireEvent.change(within(form).getByLabelText('Start from'), { target: { value: 'contact' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create form' }));
    await settle();
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/owner/forms', body: { name: 'Copy of contact', from: 'contact' } });
    expect(within(form).getByRole('status').textContent).toBe('Give the form a name of at most 100 characters.');
    cleanup();
    render(<FormsPage context={{ ...context, page: 'forms', permissions: ['viewFormSubmissions'] }} api={createApi({ fetch: fakeServer().fetch })} />);
    await settle();
    expect(screen.queryByRole('form', { name: 'New form' })).toBeNull();
  });

  it('in the page editor’s form block: New form named after the heading, Edit form opening the builder in a new tab', async () => {
    const server = fakeServer().once('/api/owner/forms', () => json(201, form({ formKey: 'book-a-seat', name: 'Book a seat' })));
    const created: string[] = [];
    const view = render(<FormBlockLinks api={createApi({ fetch: server.fetch })} formKey="" title="Book a seat" onCreated={(key) => created.push(key)} />);
    expect(screen.queryByRole('link', { name: /Edit form/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New form' }));
    await settle();
    expect(server.requests[0]).toMatchObject({ method: 'POST', body: { name: 'Book a seat' } });
    expect(created).toEqual(['book-a-seat']);
    expect(screen.getByRole('status').textContent).toBe('Created the form Book a seat; the block shows it.');
    view.rerender(<FormBlockLinks api={createApi({ fetch: server.fetch })} formKey="book-a-seat" title="Book a seat" onCreated={() => {}} />);
    const link = screen.getByRole('link', { name: /^Edit form/ });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['/config/forms/book-a-seat/build', '_blank']);
  });
});
