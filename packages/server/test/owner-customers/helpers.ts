import { WebsiteRole } from '@tessera/core/enums';
import { expect } from 'vitest';
import type { Dialect } from '../../src/storage/dialect.js';
import { stableId } from '../../src/storage/ids.js';
import { ACCEPTED_CARD, Browser, WEBSITE_ID, membersApp, type MembersSite } from '../accounts/helpers.js';
import { createTestOwner } from '../helpers/passwords.js';

/** The staff of the customer tests, one account per website role that matters to the customer pages. */
const STAFF = {
  admin: WebsiteRole.ADMIN,
  shop: WebsiteRole.STORE_MANAGER,
  reporting: WebsiteRole.REPORTING,
  viewer: WebsiteRole.VIEWER,
  editor: WebsiteRole.EDITOR,
} as const;
export type StaffName = keyof typeof STAFF;

const STAFF_PASSWORD = 'a long staff password';
export const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Analytical Way',
  city: 'Hudson',
  region: 'NY',
  postalCode: '12534',
  country: 'US',
};
/** A collection's id in the fixture, as the import makes it from its urlId. */
const collectionId = (urlId: string) => stableId(WEBSITE_ID, 'collection', urlId);
export const LESSONS_ID = collectionId('lessons');
export const JOURNAL_ID = collectionId('journal');

export interface CustomersSite extends MembersSite {
  /** A signed-in browser per staff member. */
  staff: Record<StaffName, Browser>;
}

/** The members fixture with a signed-in browser for each staff member. */
export async function customersApp(dialect: Dialect): Promise<CustomersSite> {
  const site = await membersApp(dialect);
  const staff = {} as Record<StaffName, Browser>;
  for (const [name, role] of Object.entries(STAFF) as [StaffName, number][]) {
    await createTestOwner(site.store.db, WEBSITE_ID, `${name}@staff.test`, STAFF_PASSWORD, role);
    const b = new Browser(site.app);
    const res = await b.request('POST', '/api/owner/session', { email: `${name}@staff.test`, password: STAFF_PASSWORD });
    expect(res.status, name).toBe(200);
    staff[name] = b;
  }
  return { ...site, staff };
}

/** A shopper's order of a blue mug, shipped, paid by the test card or left to pay offline. */
export async function orderMug(b: Browser, email: string, provider: 'test' | 'offline' = 'test', address = ADDRESS) {
  expect((await b.add('shop', 'mug', 'MUG-12', 1)).status).toBe(200);
  const payment = provider === 'test' ? { provider, cardNumber: ACCEPTED_CARD } : { provider };
  const order = await b.checkout({ email, shippingAddress: address, shippingOptionId: 'standard', payment });
  expect(order.status, JSON.stringify(order.json)).toBe(201);
  return order.json.order as { id: string; orderNumber: number; grandTotalCents: number };
}
