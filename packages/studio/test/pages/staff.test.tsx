// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffList } from '../../src/pages/staff/calls.js';
import StaffPage, { type StaffContext } from '../../src/pages/staff/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const context: StaffContext = { page: 'staff', siteTitle: 'Tessera Supply Co.', language: 'en-US', email: 'owner@shop.test', timeZone: 'UTC' };
const ROLES = [
  { code: 1, name: 'admin' },
  { code: 3, name: 'reporting' },
  { code: 8, name: 'store manager' },
];
const account = (id: string, email: string, role: number, extra: object = {}) => ({
  id,
  email,
  role,
  roleName: ROLES.find((r) => r.code === role)!.name,
  created: Date.parse('2026-01-01T10:00:00Z'),
  lastSeen: null,
  notifyNewOrders: false,
  isYou: false,
  ...extra,
});
const invitation = {
  id: 'inv1',
  email: 'bea@example.com',
  role: 3,
  roleName: 'reporting',
  invitedBy: 'owner@shop.test',
  created: 0,
  expires: Date.parse('2026-03-18T10:00:00Z'),
  expired: false,
};
function list(extra: Partial<StaffList> = {}): StaffList {
  return {
    accounts: [account('a1', 'owner@shop.test', 1, { isYou: true, notifyNewOrders: true }), account('a2', 'shop@shop.test', 8)],
    invitations: [],
    roles: ROLES,
    ...extra,
  };
}
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
const row = (email: string) => screen.getByText(email, { selector: '.staff-email' }).closest('li')!;

describe("the studio's staff page", () => {
  it('invites by email and role: a role is needed, the field errors show beside their fields, then the invitation is listed', async () => {
    document.cookie = 'crumb=crumb-staff';
    const server = fakeServer()
      .once('/api/owner/staff', () => json(200, list()))
      .once('/api/owner/staff/invitations', () =>
        json(400, {
          error: 'One or more fields is invalid, please check your entries.',
          code: 'VALIDATION_FAILED',
          errors: { email: 'Enter a valid email address.' },
        }),
      )
      .once('/api/owner/staff/invitations', () => json(201, { invitation }))
      .once('/api/owner/staff', () => json(200, list({ invitations: [invitation] })));
    render(<StaffPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByText('No invitation is waiting for an answer.')).toBeDefined();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'bea' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByText('Choose one of the website roles.')).toBeDefined();
    expect(server.to('/api/owner/staff/invitations')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await settle();
    const email = within(form).getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('Enter a valid email address.');
    fireEvent.change(email, { target: { value: 'bea@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await settle();
    expect(server.to('/api/owner/staff/invitations').map((r) => r.body)).toEqual([
      { email: 'bea', role: 3 },
      { email: 'bea@example.com', role: 3 },
    ]);
    expect(server.to('/api/owner/staff/invitations')[1]!.headers['x-csrf-token']).toBe('crumb-staff');
    expect(screen.getByRole('status').textContent).toBe('Invitation sent to bea@example.com, as reporting.');
    expect(within(row('bea@example.com')).getByText('Invited by owner@shop.test, until Mar 18, 2026, 10:00 AM')).toBeDefined();
    // The form starts afresh.
    expect((within(screen.getByRole('form', { name: 'Invite someone' })).getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it("changes a role and the new-order mail; removes an account only once confirmed, never one's own", async () => {
    const server = fakeServer()
      .once('/api/owner/staff', () => json(200, list()))
      .once('/api/owner/staff/a2', () => json(200, { account: account('a2', 'shop@shop.test', 3) }))
      .once('/api/owner/staff', () => json(200, list({ accounts: [list().accounts[0]!, account('a2', 'shop@shop.test', 3)] })))
      .once('/api/owner/staff/a2', () => json(200, { account: account('a2', 'shop@shop.test', 3, { notifyNewOrders: true }) }))
      .once('/api/owner/staff', () => json(200, list()))
      .once('/api/owner/staff/a2', () => new Response(null, { status: 204 }))
      .once('/api/owner/staff', () => json(200, list({ accounts: [list().accounts[0]!] })));
    render(<StaffPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(within(row('owner@shop.test')).getByText('You')).toBeDefined();
    expect(within(row('owner@shop.test')).queryByRole('button', { name: /Remove/ })).toBeNull();

    const save = within(row('shop@shop.test')).getByRole('button', { name: 'Save role' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Role of shop@shop.test'), { target: { value: '3' } });
    fireEvent.click(save);
    await settle();
    expect(server.to('/api/owner/staff/a2')[0]).toMatchObject({ method: 'PUT', body: { role: 3 } });
    expect(screen.getByRole('status').textContent).toBe('shop@shop.test is now reporting.');

    fireEvent.click(screen.getByRole('checkbox', { name: 'New-order emails for shop@shop.test' }));
    await settle();
    expect(server.to('/api/owner/staff/a2')[1]!.body).toEqual({ notifyNewOrders: true });

    const remove = within(row('shop@shop.test')).getByRole('button', { name: 'Remove shop@shop.test' });
    fireEvent.click(remove);
    const question = screen.getByRole('group', { name: 'Remove shop@shop.test? The account is deleted and signed out everywhere.' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove shop@shop.test');
    expect(server.to('/api/owner/staff/a2')).toHaveLength(2);
    fireEvent.click(within(row('shop@shop.test')).getByRole('button', { name: 'Remove shop@shop.test' }));
    fireEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Remove' }));
    await settle();
    expect(server.to('/api/owner/staff/a2')[2]!.method).toBe('DELETE');
    expect(screen.getByRole('status').textContent).toBe('shop@shop.test was removed and signed out everywhere.');
    expect(screen.queryByText('shop@shop.test', { selector: '.staff-email' })).toBeNull();
  });

  it("revokes an invitation once confirmed, sends one again, and shows the server's message when refused", async () => {
    const server = fakeServer()
      .once('/api/owner/staff', () => json(200, list({ invitations: [invitation] })))
      .once('/api/owner/staff/invitations', () => json(201, { invitation }))
      .once('/api/owner/staff', () => json(200, list({ invitations: [invitation] })))
      .once('/api/owner/staff/invitations/inv1', () => json(404, { error: 'Not found.', code: 'NOT_FOUND' }));
    render(<StaffPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Send again to bea@example.com' }));
    await settle();
    expect(server.to('/api/owner/staff/invitations')[0]!.body).toEqual({ email: 'bea@example.com', role: 3 });
    expect(screen.getByRole('status').textContent).toBe('Invitation sent again to bea@example.com; the earlier link no longer works.');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of bea@example.com' }));
    const question = screen.getByRole('group', { name: 'Revoke the invitation of bea@example.com? Its link stops working.' });
    fireEvent.keyDown(within(question).getByRole('button', { name: 'Revoke' }), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of bea@example.com' }));
    fireEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Revoke' }));
    await settle();
    expect(server.to('/api/owner/staff/invitations/inv1')[0]!.method).toBe('DELETE');
    expect(screen.getByRole('status').textContent).toBe('Not found.');
  });
});
