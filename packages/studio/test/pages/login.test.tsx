// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import LoginPage from '../../src/pages/login/page.js';
import { fakeServer, json } from '../helpers.js';

afterEach(cleanup);

describe('the sign-in page', () => {
  it("sends the credentials with the crumb and shows the server's message, or the session-expired message on a crumb failure", async () => {
    document.cookie = 'crumb=crumb-7';
    const server = fakeServer()
      .once('/api/owner/session', () => json(401, { error: 'The email or password is incorrect.', code: 'OWNER_SIGN_IN_FAILED' }))
      .once('/api/owner/session', () => json(403, { error: 'The session crumb is missing or does not match.', code: 'CRUMB_FAIL', crumbFail: true }));
    render(<LoginPage context={{ page: 'login', siteTitle: 'Shop', language: 'en-US', next: '/config/restock' }} api={createApi({ fetch: server.fetch })} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@shop.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'not the password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is incorrect.');
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      body: { email: 'owner@shop.test', password: 'not the password' },
      headers: { 'x-csrf-token': 'crumb-7', 'content-type': 'application/json' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Your session has expired. Please reload the page and try again.');
  });
});
