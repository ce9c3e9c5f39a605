// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccountApi } from '../../../src/api/account.js';
import { enhanceAccountForm } from '../../../src/islands/account/form-controller.js';
import { enhanceSignOut } from '../../../src/islands/account/index.js';
import { xsrfStore } from '../../../src/islands/account/xsrf.js';
import { enhanceLanguageSwitcher } from '../../../src/islands/language/index.js';
import { mountLesson, mountMemberAccess } from '../../../src/islands/member/index.js';
import { enhancePasswordForm } from '../../../src/islands/password/index.js';
import { events } from '../../../src/events.js';
import { fakeServer, memoryStorage } from './helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const STORAGE = memoryStorage();
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

const published: { name: string; payload?: unknown }[] = [];
let unsubscribe: () => void = () => {};
beforeEach(() => {
  published.length = 0;
  unsubscribe = events.subscribe((e) => published.push(e));
  published.length = 0;
});
afterEach(() => {
  unsubscribe();
  document.body.innerHTML = '';
});

const signInForm = () => {
  document.body.innerHTML = `<form class="account-form" data-account-form="sign-in" data-next="/lessons" novalidate>
    <p class="form-problems" hidden></p>
    <div class="form-field"><label for="e">Email</label><input id="e" name="email" type="email"><p class="field-error" hidden></p></div>
    <div class="form-field"><label for="p">Password</label><input id="p" name="password" type="password"><p class="field-error" hidden></p></div>
    <label><input type="checkbox" name="rememberMe" value="true"> Keep me signed in</label>
    <button type="submit">Sign in</button></form>`;
  return document.querySelector('form')!;
};

describe('the account island', () => {
  it("checks the email with the spec's messages before sending anything", async () => {
    const server = fakeServer({});
    const form = signInForm();
    enhanceAccountForm(form, 'sign-in', { api: createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => STORAGE) }), go: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Please enter a valid email');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(document.body.textContent).toContain('Emails must be formatted as email@example.com');
    expect(server.calls).toEqual([]);
  });

  it("signs in and goes to the page it came from; a wrong password shows the server's message", async () => {
    let attempts = 0;
    const server = fakeServer({
      'POST /api/site-users/account/session': () =>
        ++attempts === 1
          ? { status: 401, body: { code: 'SITE_USER_SIGN_IN_FAILED', error: 'Your email or password is incorrect.' } }
          : { status: 200, body: { xsrfToken: 'x'.repeat(43), siteUserId: 'u', email: 'ada@example.com', expiresOn: Date.now() + 1000 } },
    });
    const go = vi.fn();
    const form = signInForm();
    enhanceAccountForm(form, 'sign-in', { api: createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => STORAGE) }), go });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(document.querySelector('.form-problems')!.textContent).toBe('Your email or password is incorrect.');
    expect(go).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Keep me signed in'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(server.calls[1]!.body).toEqual({ email: 'ada@example.com', password: 'wrong horse', rememberMe: true });
    expect(go).toHaveBeenCalledWith('/lessons');
  });

  it('signs up and goes on, or stays and asks to sign in when the sign-up left the browser signed out', async () => {
    let signedIn = true;
    const server = fakeServer({
      'POST /api/site-users/account': () => ({
        status: 201,
        body: { xsrfToken: 'x'.repeat(43), siteUserId: 'u', email: 'ada@example.com', expiresOn: Date.now() + 1000 },
      }),
      'GET /api/site-users/account/session': () => ({ status: 200, body: signedIn ? { authenticated: true, siteUserId: 'u' } : { authenticated: false } }),
    });
    const go = vi.fn();
    const form = signInForm();
    form.dataset.accountForm = 'sign-up';
    enhanceAccountForm(form, 'sign-up', { api: createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => STORAGE) }), go });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    signedIn = false;
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(go).not.toHaveBeenCalled();
    expect(document.querySelector('.form-problems')!.textContent).toBe('We sent a message to this address. If it already has an account, sign in instead.');
    signedIn = true;
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(go).toHaveBeenCalledWith('/lessons');
  });

  it("shows the spec's message on a 429", async () => {
    const server = fakeServer({ 'POST /api/site-users/account/session': () => ({ status: 429, body: { code: 'RATE_LIMITED', error: 'x' } }) });
    const form = signInForm();
    enhanceAccountForm(form, 'sign-in', { api: createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => STORAGE) }), go: vi.fn() });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(document.querySelector('.form-problems')!.textContent).toBe('Please try again in a few seconds.');
  });

  it('signs out with the cloneCart choice and goes home', async () => {
    document.body.innerHTML = `<form data-account-form="sign-out"><label><input type="checkbox" name="cloneCart" value="true" checked> Keep a copy</label>
      <button type="submit">Sign out</button><p class="field-error" hidden></p></form>`;
    const server = fakeServer({ 'DELETE /api/site-users/account/session': () => ({ status: 200, body: { authenticated: false } }) });
    const go = vi.fn();
    enhanceSignOut(document.querySelector('form')!, createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => STORAGE) }), go);
    fireEvent.click(screen.getByLabelText('Keep a copy'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await settle();
    expect(server.calls[0]!.path).toBe('/api/site-users/account/session?cloneCart=false');
    expect(go).toHaveBeenCalledWith('/');
  });
});

describe('the password island', () => {
  it('unlocks a protected page with its collection, reloads on success and says when the password is wrong', async () => {
    document.body.innerHTML = `<form data-tessera-island="protected-content" data-collection-id="c9"><label for="pw">Password</label>
      <input id="pw" name="password" type="password"><button type="submit" disabled>Unlock</button><p class="field-error" hidden></p></form>`;
    let tries = 0;
    const server = fakeServer({
      'POST /api/site-password/unlock': () =>
        ++tries === 1
          ? { status: 401, body: { code: 'PASSWORD_INCORRECT', error: 'Incorrect password. Please try again.' } }
          : { status: 200, body: { unlocked: true } },
    });
    const reload = vi.fn();
    enhancePasswordForm(document.querySelector('form')!, createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => STORAGE) }), reload);
    // The theme's button waits, disabled, for the island.
    expect(screen.getByRole('button', { name: 'Unlock' })).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await settle();
    expect(document.querySelector('.field-error')!.textContent).toBe('Incorrect password. Please try again.');
    expect(reload).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await settle();
    expect(server.calls[1]!.body).toEqual({ password: 'open sesame', collectionId: 'c9' });
    expect(reload).toHaveBeenCalled();
  });
});

const ACCESS = {
  area: 'members',
  signedIn: false,
  signInUrl: '/account/login',
  returnUrl: '/lessons',
  paymentProvider: 'test',
  joinOptions: [{ itemId: 'club', sku: 'CLUB', title: 'The Club', priceText: '$49.00', pricing: 'one-time' }],
};

describe('the member island', () => {
  it('joins: a new account, the express checkout of the paywall product with the card, the membership claimed, then its page', async () => {
    document.body.innerHTML = `<div data-tessera-island="member-access"><script type="application/json" class="member-access__data">${JSON.stringify(ACCESS)}</script>
      <a href="/shop/club" data-member-join data-item-id="club" data-sku="CLUB">Join</a></div>`;
    const server = fakeServer({
      'POST /api/site-users/account': () => ({
        status: 201,
        body: { xsrfToken: 'x'.repeat(43), siteUserId: 'u', email: 'ada@example.com', expiresOn: Date.now() + 1e6 },
      }),
      'GET /api/site-users/account/session': () => ({ status: 200, body: { authenticated: true, siteUserId: 'u', email: 'ada@example.com' } }),
      'POST /api/commerce/checkout': () => ({ status: 201, body: { confirmationUrl: '/checkout/order-confirmed?token=o1.sig', order: { id: 'o1' } } }),
      'POST /api/site-users/account/memberships': () => ({ status: 200, body: { memberships: [] } }),
    });
    const go = vi.fn();
    mountMemberAccess(
      document.querySelector('[data-tessera-island]')!,
      createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => STORAGE) }),
      go,
    );
    fireEvent.click(screen.getByText('Join'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Choose a password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join for $49.00' }));
    await settle();
    expect(document.body.textContent).toContain('Enter a valid card number.');
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join for $49.00' }));
    await settle();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/site-users/account',
      'GET /api/site-users/account/session',
      'POST /api/commerce/checkout',
      'POST /api/site-users/account/memberships',
    ]);
    expect(server.calls[2]!.body).toEqual({
      expressCheckout: { itemId: 'club', sku: 'CLUB', quantity: 1 },
      email: 'ada@example.com',
      payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' },
    });
    expect(published.map((e) => e.name)).toEqual(['join-click', 'join-complete']);
    expect(server.calls[2]!.headers['Idempotency-Key']).toMatch(/.{8,}/);
    expect(server.calls[3]!.body).toEqual({ orderToken: 'o1.sig' });
    expect(server.calls[3]!.headers['X-XSRF-Token']).toBe('x'.repeat(43));
    expect(go).toHaveBeenCalledWith('/commerce/membership-confirmed?token=o1.sig');
  });

  it('turns to signing in, buying nothing, when a sign-up left the browser signed out (the email has an account), and shows a declined card', async () => {
    document.body.innerHTML = `<div data-tessera-island="member-access"><script type="application/json" class="member-access__data">${JSON.stringify(ACCESS)}</script>
      <a href="/shop/club" data-member-join data-item-id="club" data-sku="CLUB">Join</a></div>`;
    const server = fakeServer({
      // The server's answer to an address that has an account: a new sign-up's, with nobody signed in.
      'POST /api/site-users/account': () => ({
        status: 201,
        body: { xsrfToken: 'y'.repeat(43), siteUserId: 'v', email: 'ada@example.com', expiresOn: Date.now() + 1e6 },
      }),
      'GET /api/site-users/account/session': () => ({ status: 200, body: { authenticated: false } }),
      'POST /api/site-users/account/session': () => ({
        status: 200,
        body: { xsrfToken: 'x'.repeat(43), siteUserId: 'u', email: 'ada@example.com', expiresOn: Date.now() + 1e6 },
      }),
      'POST /api/commerce/checkout': () => ({ status: 402, body: { code: 'PAYMENT_DECLINED', error: 'Your card was declined. Please use another card.' } }),
    });
    mountMemberAccess(
      document.querySelector('[data-tessera-island]')!,
      createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => STORAGE) }),
      vi.fn(),
    );
    fireEvent.click(screen.getByText('Join'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Choose a password'), { target: { value: 'correct horse' } });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join for $49.00' }));
    await settle();
    expect(document.body.textContent).toContain('We sent a message to this address. If it already has an account, sign in instead.');
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/site-users/account', 'GET /api/site-users/account/session']);
    expect(STORAGE.getItem('tessera.xsrfToken')).not.toBe('y'.repeat(43));
    expect(screen.getByLabelText('Password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join for $49.00' }));
    await settle();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/site-users/account/session');
    expect(document.body.textContent).toContain('Your card was declined. Please use another card.');
  });

  it("publishes paywall-view and paywall-click for a locked lesson, lesson-view and lesson-complete for a member's video", async () => {
    document.body.innerHTML = `<div data-tessera-island="lesson-video" data-item-id="l1"><a href="/lessons" data-lesson-paywall>Join</a></div>
      <script type="application/json" data-for="lesson-video">${JSON.stringify(ACCESS)}</script>`;
    const api = createAccountApi({ crumb: () => 'c', fetch: fakeServer({}).fetch, xsrf: xsrfStore(() => STORAGE) });
    mountLesson(document.querySelector('[data-tessera-island]')!, api, vi.fn());
    expect(published).toEqual([{ name: 'paywall-view', payload: { objectIdentifier: 'l1' } }]);
    fireEvent.click(screen.getByText('Join'));
    expect(await screen.findByRole('button', { name: 'Join for $49.00' })).toBeTruthy();
    expect(published.map((e) => e.name)).toEqual(['paywall-view', 'paywall-click', 'join-click']);
    document.body.innerHTML = '<div data-tessera-island="lesson-video" data-item-id="l2"><video data-lesson-video></video></div>';
    published.length = 0;
    mountLesson(document.querySelector('[data-tessera-island]')!, api, vi.fn());
    const video = document.querySelector('video')!;
    video.dispatchEvent(new Event('play'));
    video.dispatchEvent(new Event('play'));
    video.dispatchEvent(new Event('ended'));
    expect(published).toEqual([
      { name: 'lesson-view', payload: { objectIdentifier: 'l2' } },
      { name: 'lesson-complete', payload: { objectIdentifier: 'l2' } },
    ]);
  });
});

describe('the language island', () => {
  it('records the choice with POST /api/site-users/account/locale, then opens the page in it', async () => {
    document.body.innerHTML = `<details data-tessera-island="language-switcher"><summary>Language</summary>
      <a href="http://localhost/shop?lang=fr-FR" data-language="fr-FR">Français</a></details>`;
    const server = fakeServer({ 'POST /api/site-users/account/locale': () => ({ status: 200, body: { language: 'fr-FR' } }) });
    const go = vi.fn();
    enhanceLanguageSwitcher(
      document.querySelector('details')!,
      async () => createAccountApi({ crumb: () => 'c', fetch: server.fetch, xsrf: xsrfStore(() => STORAGE) }),
      go,
    );
    fireEvent.click(screen.getByText('Français'));
    await settle();
    expect(server.calls[0]!.body).toEqual({ language: 'fr-FR' });
    expect(go).toHaveBeenCalledWith('http://localhost/shop?lang=fr-FR');
  });
});
