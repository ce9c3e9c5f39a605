// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFormsApi } from '../../../src/islands/forms/api.js';
import { mountForm, type MountedForm } from '../../../src/islands/forms/index.js';
import { CONTACT, EVERY_KIND, fakeServer, json, keyThen, testCaptcha, themeForm } from './helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CONTEXT = { pageType: 2, collectionId: 'col-1', itemId: 'item-1', language: 'en-US', captchaProvider: 'test', captchaChallengeUrl: '/api/captcha/challenge' };

let mounted: MountedForm | null = null;
let server: ReturnType<typeof fakeServer>;
let captcha: ReturnType<typeof testCaptcha>;
const location = { pathname: '/contact', search: '?campaign=spring', assign: vi.fn() };

function mount(definition: Record<string, unknown>, extra: Partial<Parameters<typeof mountForm>[2]> = {}) {
  const element = themeForm(definition);
  act(() => {
    mounted = mountForm(element, CONTEXT, {
      api: createFormsApi({ crumb: () => 'crumb-1', fetch: server.fetch }),
      captcha: captcha.provider,
      location,
      ...extra,
    });
  });
  return mounted!;
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^(Submit|Sign up)$/ }));
  });
};
const settle = () => act(async () => {
  await new Promise((r) => setTimeout(r, 0));
});

function fillContact() {
  type('First name', 'Ada');
  type('Last name', 'Lovelace');
  type(/^Email/, 'ada@example.com');
  type(/^Message/, 'Hello there');
}

beforeEach(() => {
  server = fakeServer();
  captcha = testCaptcha();
  location.assign.mockReset();
  document.title = 'Contact us';
});
afterEach(() => {
  act(() => mounted?.unmount());
  mounted = null;
  document.body.innerHTML = '';
});

describe('the forms island', () => {
  it('takes over the theme\'s form: every field kind, labelled, in place of the server\'s form', () => {
    const { model } = mount(EVERY_KIND);
    expect(document.querySelectorAll('form')).toHaveLength(1);
    expect(model.fields.map((f) => `${f.id}:${f.kind}`)).toEqual([
      'intro:section', 'name:parts', 'email:single', 'notes:single', 'budget:single', 'guests:single', 'site:single', 'secret:single', 'handle:single',
      'day:parts', 'at:parts', 'address:parts', 'phone:parts', 'colour:choice', 'extras:choice', 'size:single', 'opinion:likert', 'campaign:hidden',
    ]);
    for (const label of ['First name', 'Last name', 'Email', 'Notes', 'Budget', 'Guests', 'Website', 'Password', 'Twitter', 'Month', 'Day', 'Year',
      'Hour', 'Minute', 'AM or PM', 'Address line 1', 'City', 'Country code', 'Area code', 'Number', 'Line', 'Red', 'Gift wrap', 'Size']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`)), label).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'About you' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Fast delivery' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Good value' })).getByLabelText('Strongly Agree')).toBeTruthy();
    expect(document.querySelector('.form-affix__text')!.textContent).toBe('€');
    expect(document.querySelector('.form-section--underline')).not.toBeNull();
    // No counter for a textarea without a max length.
    expect(document.querySelector('.textarea-counter')).toBeNull();
  });

  it('sends every value in the spec\'s shapes, the hidden one from the URL query', async () => {
    mount(EVERY_KIND);
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type(/^Email/, 'ada@example.com');
    type(/^Budget/, '12.50');
    type('Month', '12');
    type('Day', '10');
    type('Year', '2025');
    type('Hour', '9');
    type('Minute', '05');
    fireEvent.change(screen.getByLabelText('AM or PM'), { target: { value: 'PM' } });
    type('Address line 1', '1 Main St');
    type('City', 'Springfield');
    type('Area code', '020');
    type('Number', '794');
    type('Line', '6001');
    fireEvent.click(screen.getByLabelText('Blue'));
    fireEvent.click(screen.getByLabelText('Gift wrap'));
    fireEvent.click(screen.getByLabelText('Card'));
    fireEvent.click(screen.getByLabelText('Card'));
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'L' } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Fast delivery' })).getByLabelText('Agree'));
    keyThen(server, () => json(200, { data: { success: true } }));
    await submit();
    await settle();
    const [save] = server.to('/api/form/SaveFormSubmission');
    expect(save!.body).toEqual({
      key: 'key-1',
      formId: 'everything',
      form: {
        name: ['Ada', 'Lovelace'], email: 'ada@example.com', notes: '', budget: '12.50', guests: '', site: '', secret: '', handle: '',
        day: ['12', '10', '2025'], at: ['9', '05', 'PM'], address: ['1 Main St', '', 'Springfield', '', '', ''],
        phone: ['', '020', '794', '6001'], colour: 'Blue', extras: ['Gift wrap'], size: 'L',
        opinion: { 'Fast delivery': ['1'], 'Good value': [] }, campaign: 'spring',
      },
      pageTitle: 'Contact us', pageId: 'item-1', contentSource: 'i', pagePath: '/contact',
    });
  });
});
