import { WebsiteRole } from '@tessera/core/enums';
import { expect } from 'vitest';
import { reviewToken } from '../../src/modules/reviews/request.js';
import { createTestOwner } from '../helpers/passwords.js';
import { Visitor, WEBSITE_ID, itemId, paid, type ShopSite } from '../restock/helpers.js';

/** The staff of the reviews and mailing-list tests, one account per role that matters to them. */
const STAFF = {
  moderator: WebsiteRole.MODERATOR,
  shop: WebsiteRole.STORE_MANAGER,
  campaigns: WebsiteRole.CAMPAIGNS_EDITOR,
  editor: WebsiteRole.EDITOR,
  viewer: WebsiteRole.VIEWER,
} as const;
export type StaffName = keyof typeof STAFF;

const PASSWORD = 'a long staff password';

/** A signed-in browser per staff member. */
export async function signInStaff(site: ShopSite): Promise<Record<StaffName, Visitor>> {
  const staff = {} as Record<StaffName, Visitor>;
  for (const [name, role] of Object.entries(STAFF) as [StaffName, number][]) {
    await createTestOwner(site.store.db, WEBSITE_ID, `${name}@staff.test`, PASSWORD, role);
    const v = new Visitor(site.app);
    const res = await v.request('POST', '/api/owner/session', { email: `${name}@staff.test`, password: PASSWORD });
    expect(res.status, name).toBe(200);
    staff[name] = v;
  }
  return staff;
}

/** A paid order of the items, and its review link's token (what the review-request mail carries). */
export async function paidOrder(site: ShopSite, email: string, items: [string, string][]) {
  const v = new Visitor(site.app);
  for (const [item, sku] of items) expect((await v.add(item, sku)).status).toBe(200);
  const res = await v.checkout(paid({ email }));
  expect(res.status, res.body).toBe(201);
  const order = res.json.order as { id: string; orderNumber: number };
  return { ...order, token: await reviewToken(site.app.commerce.signer, WEBSITE_ID, order.id) };
}

/** A buyer's review of an item of their order, through the shop's own call. */
export function writeReview(site: ShopSite, token: string, item: string, body: Record<string, unknown> = {}) {
  return new Visitor(site.app).request('POST', '/api/commerce/reviews', { token, itemId: itemId(item), rating: 5, body: 'Keeps coffee hot.', ...body });
}
