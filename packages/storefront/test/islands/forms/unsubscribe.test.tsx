// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFormsApi } from '../../../src/api/forms.js';
import { mountNewsletterUnsubscribe } from '../../../src/islands/forms/unsubscribe.js';
import { registerFormIslands } from '../../../src/islands/forms/register.js';
import { fakeServer, json } from './helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let server: ReturnType<typeof fakeServer>;
let mounted: { unmount(): void } | null = null;

function page() {
  document.body.innerHTML =
    '<div id="tessera-newsletter-unsubscribe" data-tessera-island="newsletter-unsubscribe">' +
    '<p class="lede">We are sorry to see you go. You will not receive any more newsletters from Tessera Supply Co.</p></div>';
  return document.getElementById('tessera-newsletter-unsubscribe')!;
}

async function mount(search: string) {
  const element = page();
  await act(async () => {
    mounted = mountNewsletterUnsubscribe(element, { api: createFormsApi({ crumb: () => 'crumb-1', fetch: server.fetch }), search });
  });
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

beforeEach(() => {
  server = fakeServer();
});
afterEach(() => {
  act(() => mounted?.unmount());
  document.body.innerHTML = '';
});

describe('the newsletter-unsubscribe island (page type 300)', () => {
  it("unsubscribes with the link's token and says so", async () => {
    server.once('/api/newsletter/unsubscribe', () => json(200, { data: { email: 'reader@example.com', status: 'unsubscribed' } }));
    await mount('?token=abc.def');
    expect(server.requests).toMatchObject([
      { url: '/api/newsletter/unsubscribe', method: 'POST', body: { token: 'abc.def' }, headers: { 'x-csrf-token': 'crumb-1' } },
    ]);
    expect(screen.getByRole('status').textContent).toBe('You have been unsubscribed: reader@example.com will not receive any more newsletters.');
    expect(document.body.textContent).toContain('We are sorry to see you go.');
  });

  it('says the link is not valid for a refused token or none', async () => {
    server.once('/api/newsletter/unsubscribe', () => json(400, { error: 'This link is not valid or has expired.', code: 'MAILING_LIST_TOKEN_INVALID' }));
    await mount('?token=forged');
    expect(screen.getByRole('status').textContent).toBe('This link is not valid or has expired.');
    act(() => mounted?.unmount());
    await mount('');
    expect(server.requests).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('This link is not valid or has expired.');
  });

  it('offers to try again after a network failure', async () => {
    server.once('/api/newsletter/unsubscribe', () => 'network-error');
    server.once('/api/newsletter/unsubscribe', () => json(200, { data: { email: 'reader@example.com', status: 'unsubscribed' } }));
    await mount('?token=abc.def');
    expect(screen.getByRole('status').textContent).toBe('Unable to connect. Please try again.');
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(screen.getByRole('status').textContent).toContain('You have been unsubscribed');
  });
});

describe('registerFormIslands (what the bootstrap calls)', () => {
  it('loads the form island for each marked form and leaves pages without markers alone', async () => {
    document.body.innerHTML =
      '<form class="tessera-form site-form" data-form-id="newsletter" data-newsletter data-tessera-island="form">' +
      '<div class="form-fields"><div class="form-field form-field--email" data-field-id="email" data-field-type="email" data-required>' +
      '<label class="form-label" for="newsletter-email">Email</label><input class="form-input" type="email" id="newsletter-email" name="email" required>' +
      '<p class="field-error" hidden></p></div></div><div class="form-actions"><button class="button form-submit-button" type="submit">Sign up</button></div>' +
      '<div class="form-submission-text" role="status" hidden><p>Subscribed.</p></div></form>';
    registerFormIslands(document, { captchaProvider: 'altcha' });
    await act(async () => {
      for (let i = 0; i < 20 && document.querySelector('.tessera-form-island') === null; i++) await new Promise((r) => setTimeout(r, 25));
    });
    expect(document.querySelector('.tessera-form-island form[data-form-id="newsletter"]')).not.toBeNull();
    expect(document.querySelectorAll('form')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });
});
