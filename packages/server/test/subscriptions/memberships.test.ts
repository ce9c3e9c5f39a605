import { addBillingPeriod } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionToken } from '../../src/modules/subscriptions/tokens.js';
import { Browser, WEBSITE_ID, membersApp, orderTokenOf, type MembersSite } from '../accounts/helpers.js';
import { DIALECTS } from '../helpers/store.js';

const DAY = 86_400_000;
const DECLINED_CARD = '4000 0000 0000 0002';

describe.each(DIALECTS)('memberships that renew on %s', (dialect) => {
  let site: MembersSite;
  beforeAll(async () => {
    site = await membersApp(dialect, { jobs: { timers: false } });
  });
  afterAll(async () => {
    await site?.close();
  });

  const subOf = (orderId: string) => site.store.db.selectFrom('subscriptions').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  /** The member's access to the area now, signed in anew (the test clock outlives sessions). */
  async function opens(email: string): Promise<number> {
    const b = new Browser(site.app);
    await b.signIn(email);
    return (await b.page('/lessons/two')).status;
  }

  it('starts a subscription from the join flow; each paid renewal extends the membership, and the last retry declined closes it', async () => {
    const b = new Browser(site.app);
    await b.signUp('renewing@example.com');
    const order = await b.join('club-monthly', 'renewing@example.com');
    expect(order.status).toBe(201);
    expect(order.json.order.subscriptions).toEqual([expect.objectContaining({ title: 'Monthly Club', status: 'active', priceText: '$9.00 every month' })]);
    const claimed = await b.request('POST', '/api/site-users/account/memberships', { orderToken: orderTokenOf(order) });
    expect(claimed.json.memberships[0]).toMatchObject({ pricing: 'subscription', active: true });
    const sub = await subOf(order.json.order.id);
    expect(JSON.parse(sub.saved_method!)).toMatchObject({ provider: 'test', label: 'Card ending 4242' });
    const month = (n: number) => addBillingPeriod(sub.started_on, { value: n, unit: 'MONTH' });
    // The member's account lists it, with its page's link.
    const account = await b.page('/account');
    expect(account.json.account.subscriptions).toEqual([
      expect.objectContaining({
        title: 'Monthly Club',
        statusText: 'Active',
        paymentMethod: 'Card ending 4242',
        manageUrl: expect.stringMatching(/^\/commerce\/subscription\?token=/),
      }),
    ]);
    expect((await b.request('GET', '/account')).body).toContain(`href="${account.json.account.subscriptions[0].manageUrl}"`);

    // Cycle 2 paid: the membership now runs to the end of the second month.
    site.clock.now = month(1);
    expect(await site.app.subscriptions.renewDue()).toEqual({ paid: 1, failed: 0 });
    site.clock.now = month(1) + 20 * DAY;
    expect(await opens('renewing@example.com')).toBe(200);

    // A card that is declined: every retry fails, then the subscription and the membership end.
    const token = await subscriptionToken(site.app.commerce.signer, WEBSITE_ID, sub.id);
    const saved = await new Browser(site.app).request('POST', '/api/commerce/subscription/payment-method', { token, payment: { cardNumber: DECLINED_CARD } });
    expect(saved.status).toBe(200);
    site.clock.now = month(2);
    expect(await site.app.subscriptions.renewDue()).toEqual({ paid: 0, failed: 1 });
    // While its retries are pending, the member keeps the area.
    site.clock.now = month(2) + 12 * 3_600_000;
    expect(await opens('renewing@example.com')).toBe(200);
    for (const days of [1, 3, 7]) {
      site.clock.now = month(2) + days * DAY;
      expect(await site.app.subscriptions.renewDue()).toEqual({ paid: 0, failed: 1 });
    }
    expect(await subOf(order.json.order.id)).toMatchObject({ status: 'ended', ended_reason: 'payment_failed' });
    site.clock.now += 1000;
    expect(await opens('renewing@example.com')).toBe(403);
  });
});
