// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFormsApi } from '../../../src/api/forms.js';
import { mountForm, type MountedForm } from '../../../src/islands/forms/index.js';
import { CONTACT, EVERY_KIND, fakeServer, json, keyThen, testCaptcha, themeForm } from './helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CONTEXT = {
  pageType: 2,
  collectionId: 'col-1',
  itemId: 'item-1',
  // The page's permission type as the site context gives it, sent with each submission.
  pagePermissionTypeValue: 'members',
  language: 'en-US',
  captchaProvider: 'test',
  captchaChallengeUrl: '/api/captcha/challenge',
};

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
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

function fillContact() {
  type('First name', 'Ada');
  type('Last name', 'Lovelace');
  type(/^Email/, 'ada@example.com');
  type(/^Message/, 'Hello there');
  // The contact form has a disclaimer: it is agreed to before sending.
  fireEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
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
  it("takes over the theme's form: every field kind, labelled, in place of the server's form", () => {
    const { model } = mount(EVERY_KIND);
    expect(document.querySelectorAll('form')).toHaveLength(1);
    expect(model.fields.map((f) => `${f.id}:${f.kind}`)).toEqual([
      'intro:section',
      'name:parts',
      'email:single',
      'notes:single',
      'budget:single',
      'guests:single',
      'site:single',
      'secret:single',
      'handle:single',
      'day:parts',
      'at:parts',
      'address:parts',
      'phone:parts',
      'colour:choice',
      'extras:choice',
      'size:single',
      'opinion:likert',
      'campaign:hidden',
    ]);
    for (const label of [
      'First name',
      'Last name',
      'Email',
      'Notes',
      'Budget',
      'Guests',
      'Website',
      'Password',
      'Twitter',
      'Month',
      'Day',
      'Year',
      'Hour',
      'Minute',
      'AM or PM',
      'Address line 1',
      'City',
      'Country code',
      'Area code',
      'Number',
      'Line',
      'Red',
      'Gift wrap',
      'Size',
    ]) {
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

  it("sends every value in the spec's shapes, the hidden one from the URL query", async () => {
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
        name: ['Ada', 'Lovelace'],
        email: 'ada@example.com',
        notes: '',
        budget: '12.50',
        guests: '',
        site: '',
        secret: '',
        handle: '',
        day: ['12', '10', '2025'],
        at: ['9', '05', 'PM'],
        address: ['1 Main St', '', 'Springfield', '', '', ''],
        phone: ['', '020', '794', '6001'],
        colour: 'Blue',
        extras: ['Gift wrap'],
        size: 'L',
        opinion: { 'Fast delivery': ['1'], 'Good value': [] },
        campaign: 'spring',
      },
      pageTitle: 'Contact us',
      pageId: 'item-1',
      contentSource: 'i',
      pagePath: '/contact',
      pagePermissionTypeValue: 'members',
    });
  });

  it('shows submitting, then success: the form hidden, the submission text shown, the captcha destroyed', async () => {
    mount(CONTACT);
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: "I'm not a robot" }));
    let release!: () => void;
    server.once('/api/form/FormSubmissionKey', () => json(200, { data: { key: 'key-7' } }));
    server.once(
      '/api/form/SaveFormSubmission',
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, { data: { success: true } }));
        }),
    );
    const successes: unknown[] = [];
    window.addEventListener('tessera:form-success', (e) => successes.push((e as CustomEvent).detail));
    await submit();
    const button = screen.getByRole('button', { name: 'Submitting…' });
    expect(button.classList.contains('form-submit-button--submitting')).toBe(true);
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await act(async () => release());
    await settle();
    expect(screen.getByRole('status').innerHTML).toBe('<p>Thank you for writing.</p>');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(captcha.log.destroys).toBe(1);
    expect(successes).toEqual([{ formId: 'contact', newsletter: false }]);

    const [key, save] = server.requests;
    expect(key).toMatchObject({ url: '/api/form/FormSubmissionKey', method: 'POST', body: undefined, headers: { 'x-csrf-token': 'crumb-1' } });
    expect(save).toMatchObject({
      url: '/api/form/SaveFormSubmission',
      method: 'POST',
      headers: { 'x-csrf-token': 'crumb-1', 'content-type': 'application/json' },
    });
    expect(save!.body).toEqual({
      key: 'key-7',
      formId: 'contact',
      captchaKey: 'captcha-token-1',
      disclaimerAccepted: true,
      form: { name: ['Ada', 'Lovelace'], email: 'ada@example.com', message: 'Hello there' },
      pageTitle: 'Contact us',
      pageId: 'item-1',
      contentSource: 'i',
      pagePath: '/contact',
      pagePermissionTypeValue: 'members',
    });
  });

  it('goes to the success URL instead when the form has one', async () => {
    mount({ ...CONTACT, captcha: false, successRedirect: '/thanks' });
    fillContact();
    keyThen(server, () => json(200, { data: { success: true } }));
    await submit();
    await settle();
    expect(location.assign).toHaveBeenCalledWith('/thanks');
  });

  it('fires the subscribe-newsletter tracking event and the form-success event after a newsletter signup', async () => {
    mount({
      id: 'newsletter',
      name: 'Newsletter',
      newsletter: true,
      honeypot: true,
      captcha: false,
      submissionMessage: '<p>Subscribed.</p>',
      fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
    });
    const seen: string[] = [];
    window.addEventListener('tessera:form-success', (e) => seen.push(`success:${JSON.stringify((e as CustomEvent).detail)}`));
    window.addEventListener('tessera:track', (e) => seen.push(`track:${JSON.stringify((e as CustomEvent).detail)}`));
    type(/^Email/, 'reader@example.com');
    keyThen(server, () => json(200, { data: { success: true } }));
    await submit();
    await settle();
    expect(seen).toEqual(['success:{"formId":"newsletter","newsletter":true}', 'track:{"name":"subscribe-newsletter","payload":{"formId":"newsletter"}}']);
    expect(screen.getByRole('status').textContent).toBe('Subscribed.');
  });

  describe("invalid input, checked in the browser with core's rules and texts", () => {
    it("shows each field's message, both problem banners, and sends nothing", async () => {
      mount(CONTACT);
      type(/^Email/, 'ada@');
      type(/^Message/, 'x'.repeat(21));
      await submit();
      const errors = Array.from(document.querySelectorAll('.field-error:not([hidden])')).map((e) => e.textContent);
      expect(errors).toEqual([
        'Required',
        'Email is not valid. Email addresses should follow the format email@example.com.',
        'You have exceeded the character limit.',
        'Complete CAPTCHA before submitting.',
        'Please agree to the disclaimer before submitting.',
      ]);
      const [above, below] = screen.getAllByRole('alert');
      expect(above!.textContent).toBe('Your form has encountered a problem. Please scroll down to review.');
      expect(below!.textContent).toBe(
        'One or more fields is invalid, please check your entries.Your form has encountered a problem. Please scroll up to review.',
      );
      expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
      expect(server.requests).toEqual([]);
    });

    it('counts textarea characters live as n / max, marked as error when over', () => {
      mount(CONTACT);
      const counter = () => document.querySelector('.textarea-counter')!;
      expect(counter().textContent).toBe('0 / 20');
      type(/^Message/, 'x'.repeat(20));
      expect(counter().textContent).toBe('20 / 20');
      expect(counter().classList.contains('textarea-counter--error')).toBe(false);
      type(/^Message/, 'x'.repeat(21));
      expect(counter().textContent).toBe('21 / 20');
      expect(counter().classList.contains('textarea-counter--error')).toBe(true);
    });

    it('shows no counter, and sets no limit, when the max length is not a number', async () => {
      mount({ ...CONTACT, captcha: false, disclaimer: '', fields: [{ id: 'message', type: 'textarea', title: 'Message', maxLength: 'lots' }] });
      expect(document.querySelector('.textarea-counter')).toBeNull();
      type(/^Message/, 'x'.repeat(500));
      keyThen(server, () => json(200, { data: { success: true } }));
      await submit();
      await settle();
      expect(server.to('/api/form/SaveFormSubmission')).toHaveLength(1);
    });

    it('asks for the captcha before sending a captcha-bound form', async () => {
      mount(CONTACT);
      fillContact();
      await submit();
      expect(screen.getByText('Complete CAPTCHA before submitting.')).toBeTruthy();
      expect(server.requests).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: "I'm not a robot" }));
      expect(screen.queryByText('Complete CAPTCHA before submitting.')).toBeNull();
    });
  });

  describe('failures from the server', () => {
    async function failWith(answer: () => Response | 'network-error', onKey = false) {
      mount(CONTACT);
      fillContact();
      fireEvent.click(screen.getByRole('button', { name: "I'm not a robot" }));
      if (onKey) server.once('/api/form/FormSubmissionKey', answer);
      else keyThen(server, answer);
      await submit();
      await settle();
      return screen.getAllByRole('alert').map((a) => a.textContent);
    }

    it.each([
      [401, 'Unable to submit form. Please try again later.'],
      [404, 'This form has not been configured yet.'],
      [429, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
      [500, 'Unable to send form. Please try again later.'],
    ])('turns %i into its message, unlocks submit, resets the captcha and waits for it', async (status, message) => {
      const [above, below] = await failWith(() => json(status, { error: 'server text', code: 'X' }));
      expect(above).toBe('Your form has encountered a problem. Please scroll down to review.');
      expect(below).toBe(message);
      expect(captcha.log.resets).toBe(1);
      const button = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
      expect(button.classList.contains('form-submit-button--submitting')).toBe(false);
      // Captcha-bound: submit stays disabled until the captcha is solved again.
      expect(button.disabled).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: "I'm not a robot" }));
      expect(button.disabled).toBe(false);
      expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Ada');
    });

    it("shows the server's text for another status, else the spec's processing error for an answer it cannot read", async () => {
      const [, below] = await failWith(() => json(400, { error: 'Complete CAPTCHA before submitting.', code: 'CAPTCHA_REQUIRED' }));
      expect(below).toBe('Complete CAPTCHA before submitting.');
      act(() => mounted?.unmount());
      const [, unknown] = await failWith(() => new Response('<html>bad gateway</html>', { status: 502 }));
      expect(unknown).toBe('Error processing form submission. Please reload and try again.');
    });

    it("shows the server's field errors under their fields", async () => {
      await failWith(() =>
        json(400, {
          error: 'One or more fields is invalid, please check your entries.',
          code: 'VALIDATION_FAILED',
          errors: { email: 'Email is not valid. Email addresses should follow the format email@example.com.' },
        }),
      );
      const field = document.querySelector('[data-field-id="email"]')!;
      expect(field.querySelector('.field-error')!.textContent).toBe('Email is not valid. Email addresses should follow the format email@example.com.');
      expect(screen.getAllByRole('alert')[1]!.textContent).toContain('One or more fields is invalid, please check your entries.');
    });

    it('says the key could not be had when the key call fails or the network is down', async () => {
      const [, failed] = await failWith(() => json(500, { error: 'Something went wrong.' }), true);
      expect(failed).toBe('Could not get a form submission key, please try again later.');
      expect(server.to('/api/form/SaveFormSubmission')).toEqual([]);
      act(() => mounted?.unmount());
      const [, offline] = await failWith(() => 'network-error', true);
      expect(offline).toBe('Could not get a form submission key, please try again later.');
    });

    it('shows the unknown error when the network fails during the submission, and lets the visitor try again', async () => {
      const [, below] = await failWith(() => 'network-error');
      expect(below).toBe('Unknown error, please try again later.');
      fireEvent.click(screen.getByRole('button', { name: "I'm not a robot" }));
      keyThen(server, () => json(200, { data: { success: true } }), 'key-2');
      await submit();
      await settle();
      expect(screen.getByRole('status').textContent).toBe('Thank you for writing.');
      expect(server.to('/api/form/SaveFormSubmission').map((r) => r.body as { key: string; captchaKey: string })).toMatchObject([
        { key: 'key-1', captchaKey: 'captcha-token-1' },
        { key: 'key-2', captchaKey: 'captcha-token-2' },
      ]);
    });
  });

  it('sends the honeypot only when something filled it in', async () => {
    mount({ ...CONTACT, captcha: false });
    fillContact();
    fireEvent.change(document.querySelector('input[name="website_url"]')!, { target: { value: 'http://spam.example' } });
    keyThen(server, () => json(200, { data: { success: true } }));
    await submit();
    await settle();
    expect((server.to('/api/form/SaveFormSubmission')[0]!.body as { form: Record<string, unknown> }).form.website_url).toBe('http://spam.example');
  });

  it('draws the captcha compact in a container under 320 px, normal otherwise, always light', () => {
    const width = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    width.mockReturnValue({ width: 300 } as DOMRect);
    mount(CONTACT);
    act(() => mounted?.unmount());
    width.mockReturnValue({ width: 320 } as DOMRect);
    mount(CONTACT);
    width.mockRestore();
    expect(captcha.log.renders.map((o) => [o.size, o.theme, o.challengeUrl])).toEqual([
      ['compact', 'light', '/api/captcha/challenge'],
      ['normal', 'light', '/api/captcha/challenge'],
    ]);
    expect(document.querySelector('.captcha-container')!.getAttribute('data-size')).toBe('normal');
  });
});

describe("the form builder's properties in the theme and the island", () => {
  beforeEach(() => {
    server = fakeServer();
    captcha = testCaptcha();
  });
  afterEach(() => {
    mounted?.unmount();
    mounted = null;
  });

  const BOOKING = {
    id: 'booking',
    name: 'Booking',
    submissionMessage: '<p>Booked.</p>',
    successRedirect: '',
    disclaimer: '<p>We keep your answers for a year.</p>',
    submitLabel: 'Book my seat',
    captcha: false,
    honeypot: false,
    newsletter: false,
    fields: [
      { id: 'seat', type: 'text', title: 'Seat' },
      { id: 'source', type: 'hidden', title: 'Source', key: 'utm_source', value: 'direct' },
      { id: 'ref', type: 'hidden', title: 'Ref', key: 'ref', value: 'none' },
    ],
  };

  it('shows the custom submit label, asks for "I agree" described by the disclaimer, and sends hidden values by their key', async () => {
    mount(BOOKING, { location: { pathname: '/book', search: '?utm_source=mail', assign: vi.fn() } });
    const agree = screen.getByRole('checkbox', { name: 'I agree' });
    expect(agree.getAttribute('aria-describedby')).toContain('disclaimer');
    expect(document.getElementById(agree.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe('We keep your answers for a year.');
    const button = () => screen.getByRole('button', { name: 'Book my seat' });
    await act(async () => fireEvent.click(button()));
    expect(screen.getByText('Please agree to the disclaimer before submitting.')).toBeTruthy();
    expect(server.requests).toEqual([]);
    fireEvent.click(agree);
    keyThen(server, () => json(200, { data: { success: true } }));
    await act(async () => fireEvent.click(button()));
    await settle();
    const [save] = server.to('/api/form/SaveFormSubmission');
    expect(save!.body).toMatchObject({ disclaimerAccepted: true, form: { source: 'mail', ref: 'none' } });
  });

  it('draws no "I agree" under the newsletter form’s disclaimer, nor without a disclaimer', () => {
    mount({ ...BOOKING, newsletter: true });
    expect(screen.queryByRole('checkbox', { name: 'I agree' })).toBeNull();
    mounted?.unmount();
    mount({ ...BOOKING, disclaimer: '' });
    expect(screen.queryByRole('checkbox', { name: 'I agree' })).toBeNull();
  });
});
