import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers as customersMigration } from '../../src/storage/migrations/0013-customers.js';
import { columnTypes } from '../../src/storage/migrations/types.js';
import { DIALECTS } from '../helpers/store.js';
import { Browser, WEBSITE_ID } from '../accounts/helpers.js';
import { ADDRESS, type CustomersSite, customersApp, orderMug } from './helpers.js';

// Checkout keeps the buyer's name from the shipping address.
const GRACE = { ...ADDRESS, firstName: 'Grace', lastName: 'B.' };

/**
 * The customers table follows its sources in the same transaction, whichever code changes them:
 * orders placed, paid, refunded, canceled, renamed or moved to another address; accounts made,
 * renamed or deleted. Filled for a store that already holds orders and accounts.
 */
describe.each(DIALECTS)('the customers table on %s', (dialect) => {
  let site: CustomersSite;
  let first: { id: string; grandTotalCents: number };
  let second: { id: string; grandTotalCents: number };

  beforeAll(async () => {
    site = await customersApp(dialect);
    const b = new Browser(site.app);
    first = await orderMug(b, 'Grace@Example.com', 'test', GRACE);
    site.clock.now += 1000;
    second = await orderMug(b, 'grace@example.com', 'test', GRACE);
  });
  afterAll(async () => {
    await site?.close();
  });

  const row = (email: string) =>
    site.store.db.selectFrom('customers').selectAll().where('website_id', '=', WEBSITE_ID).where('email', '=', email).executeTakeFirst();
  const numbers = async (email: string) => {
    const r = await row(email);
    return r ? { orders: Number(r.order_count), spent: Number(r.spent_cents), name: r.name, account: r.site_user_id !== null } : null;
  };
  const setOrder = (id: string, change: Record<string, unknown>) => site.store.db.updateTable('orders').set(change).where('id', '=', id).execute();

  it('adds up paid orders less refunds; a canceled order counts as placed but brings nothing', async () => {
    const both = first.grandTotalCents + second.grandTotalCents;
    expect(await numbers('grace@example.com')).toEqual({ orders: 2, spent: both, name: 'Grace B.', account: false });
    await setOrder(first.id, { refunded_cents: 500, payment_status: 'partially_refunded' });
    expect((await numbers('grace@example.com'))!.spent).toBe(both - 500);
    await setOrder(first.id, { refunded_cents: first.grandTotalCents, payment_status: 'refunded' });
    expect((await numbers('grace@example.com'))!.spent).toBe(second.grandTotalCents);
    await setOrder(second.id, { payment_status: 'canceled' });
    expect(await numbers('grace@example.com')).toMatchObject({ orders: 2, spent: 0 });
    await setOrder(second.id, { payment_status: 'paid' });
    expect((await numbers('grace@example.com'))!.spent).toBe(second.grandTotalCents);
  });

  it("takes the latest order's buyer name, else the account's; follows an order moved to another address", async () => {
    // The latest order with a name gives it: the second order without one leaves the first's.
    await setOrder(first.id, { customer_name: 'Grace H.' });
    await setOrder(second.id, { customer_name: '' });
    expect((await numbers('grace@example.com'))!.name).toBe('Grace H.');
    await setOrder(second.id, { customer_name: 'Grace Hopper' });
    expect((await numbers('grace@example.com'))!.name).toBe('Grace Hopper');
    await setOrder(second.id, { customer_email: 'Admiral@Example.com' });
    expect(await numbers('grace@example.com')).toMatchObject({ orders: 1, name: 'Grace H.' });
    expect(await numbers('admiral@example.com')).toEqual({ orders: 1, spent: second.grandTotalCents, name: 'Grace Hopper', account: false });
    await setOrder(second.id, { customer_email: 'grace@example.com' });
    expect(await row('admiral@example.com')).toBeUndefined();
  });

  it('links an account made for an address that ordered, follows its name, and keeps an account without orders', async () => {
    const b = new Browser(site.app);
    expect((await b.signUp('grace@example.com', 'correct horse', { firstName: 'Amazing', lastName: 'Grace' })).status).toBe(201);
    expect(await numbers('grace@example.com')).toMatchObject({ orders: 2, account: true, name: 'Grace Hopper' });
    expect((await new Browser(site.app).signUp('lin@example.com', 'correct horse', { firstName: 'Lin' })).status).toBe(201);
    expect(await numbers('lin@example.com')).toEqual({ orders: 0, spent: 0, name: 'Lin', account: true });
    await site.store.db.updateTable('site_users').set({ first_name: 'Lin', last_name: 'Clark' }).where('email', '=', 'lin@example.com').execute();
    expect((await numbers('lin@example.com'))!.name).toBe('Lin Clark');
    await site.store.db.deleteFrom('site_users').where('email', '=', 'lin@example.com').execute();
    expect(await row('lin@example.com')).toBeUndefined();
  });

  it('fills the table for a store that already holds orders and accounts, as the triggers keep it', async () => {
    const all = () => site.store.db.selectFrom('customers').selectAll().orderBy('email').execute();
    const kept = await all();
    expect(kept.length).toBeGreaterThan(0);
    const migration = customersMigration(columnTypes(dialect));
    await migration.down(site.store.db);
    await migration.up(site.store.db);
    expect(await all()).toEqual(kept);
  });

  it.runIf(dialect === 'postgres')('stays right when two transactions change one customer at once', async () => {
    for (const id of [first.id, second.id]) await setOrder(id, { payment_status: 'paid', refunded_cents: 0 });
    const before = (await numbers('grace@example.com'))!.spent;
    expect(before).toBe(first.grandTotalCents + second.grandTotalCents);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let firstUpdated!: () => void;
    const updated = new Promise<void>((r) => {
      firstUpdated = r;
    });
    const one = site.store.db.transaction().execute(async (tx) => {
      await tx.updateTable('orders').set({ refunded_cents: 100 }).where('id', '=', first.id).execute();
      firstUpdated();
      await held;
    });
    await updated;
    const two = site.store.db.transaction().execute(async (tx) => {
      await tx.updateTable('orders').set({ refunded_cents: 200 }).where('id', '=', second.id).execute();
    });
    // The second waits for the first; once the first commits, it recomputes with both.
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([one, two]);
    expect((await numbers('grace@example.com'))!.spent).toBe(before - 300);
  });
});
