// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import InvitationPage from '../../src/pages/invitation/page.js';
import LoginPage from '../../src/pages/login/page.js';
import ResetPage from '../../src/pages/password-reset/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const site = { siteTitle: 'Tessera Supply Co.', language: 'en-US' };
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
const TOO_SHORT = {
  error: 'One or more fields is invalid, please check your entries.',
  code: 'VALIDATION_FAILED',
  errors: { password: 'The password needs at least 10 characters.' },
};

describe('the pages of the invitee and of an owner who forgot the password', () => {
  it('links "Forgot your password?" from the sign-in page', () => {
    render(<LoginPage context={{ page: 'login', ...site }} api={createApi({ fetch: fakeServer().fetch })} />);
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/config/password-reset');
  });

  it('accepts an invitation with a password typed twice; the server’s field message shows beside the field', async () => {
    document.cookie = 'crumb=crumb-inv';
    const server = fakeServer().once('/api/owner/invitation/accept', () => json(400, TOO_SHORT));
    render(
      <InvitationPage
        context={{ page: 'invitation', ...site, token: 'T'.repeat(43), invitation: { email: 'ada@example.com', roleName: 'store manager' } }}
        api={createApi({ fetch: server.fetch })}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Join Tessera Supply Co.' })).toBeDefined();
    expect(screen.getByText('store manager')).toBeDefined();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'shorter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(screen.getByText('The two passwords differ.')).toBeDefined();
    expect(server.requests).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await settle();
    expect(server.requests[0]).toMatchObject({ method: 'POST', body: { token: 'T'.repeat(43), password: 'short' }, headers: { 'x-csrf-token': 'crumb-inv' } });
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The password needs at least 10 characters.')).toBeDefined();
  });

  it('says when an invitation link does not work', () => {
    render(<InvitationPage context={{ page: 'invitation', ...site, token: null, invitation: null }} api={createApi({ fetch: fakeServer().fetch })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'This invitation does not work' })).toBeDefined();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it("asks for a reset link by email and shows the server's one answer", async () => {
    const message = 'If this email signs in here, a link to choose a new password is on its way. It works for one hour.';
    const server = fakeServer().once('/api/owner/password-reset', () => json(202, { sent: true, message }));
    render(<ResetPage context={{ page: 'password-reset', ...site, token: null, linkInvalid: false }} api={createApi({ fetch: server.fetch })} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@shop.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await settle();
    expect(server.requests[0]).toMatchObject({ method: 'POST', body: { email: 'owner@shop.test' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe(message);
  });

  it('sets the new password with the link, and offers a new link when it does not work', async () => {
    const server = fakeServer()
      .once('/api/owner/password-reset/confirm', () => json(400, TOO_SHORT))
      .once('/api/owner/password-reset/confirm', () =>
        json(400, { error: 'This link is not valid or has expired. Ask for a new one.', code: 'OWNER_LINK_INVALID' }),
      );
    render(<ResetPage context={{ page: 'password-reset', ...site, token: 'R'.repeat(43), linkInvalid: false }} api={createApi({ fetch: server.fetch })} />);
    const fill = (a: string, b: string) => {
      fireEvent.change(screen.getByLabelText('New password'), { target: { value: a } });
      fireEvent.change(screen.getByLabelText('New password again'), { target: { value: b } });
      fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    };
    fill('short', 'short');
    await settle();
    expect(server.requests[0]!.body).toEqual({ token: 'R'.repeat(43), password: 'short' });
    expect(screen.getByText('The password needs at least 10 characters.')).toBeDefined();
    fill('a long new password', 'a long new password');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('This link is not valid or has expired. Ask for a new one.');
    cleanup();
    render(<ResetPage context={{ page: 'password-reset', ...site, token: null, linkInvalid: true }} api={createApi({ fetch: fakeServer().fetch })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/config/password-reset');
  });
});
