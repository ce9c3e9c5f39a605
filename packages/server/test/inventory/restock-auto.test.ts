import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { RESTOCK, Visitor, itemId, mailingShop, paid, setStock, variantIdOf } from '../restock/helpers.js';

/**
 * A variant going from none to some mails its waiting restock signups by itself, through the real
 * SMTP test server: after an adjustment, and after a canceled order gives its stock back; unless
 * the owner turned it off (a site that says nothing sends).
 */
describe.each(DIALECTS)('restock notices sent by themselves on %s', (dialect) => {
  const shop = mailingShop(dialect);
  const signUp = async (sku: string, item: string, email: string) => {
    const res = await new Visitor(shop.site.app).request('POST', RESTOCK, {
      isJoinMailingList: false,
      productId: itemId(item),
      variantId: await variantIdOf(shop.site.store, sku),
      siteVisitorEmail: email,
    });
    expect(res.status, res.body).toBe(200);
  };
  const adjust = async (sku: string, body: Record<string, unknown>) =>
    shop.site.owner.request('POST', `/api/owner/inventory/${await variantIdOf(shop.site.store, sku)}/adjustments`, body);

  it('mails the waiting signups when an adjustment brings a sold-out variant back, once', async () => {
    // The helpers' site turns automatic sending off; take the setting away: the default sends.
    await shop.site.setMerchandising({ restockAutoSend: undefined });
    expect((await shop.site.owner.request('GET', '/api/owner/inventory/settings')).json.restockAutoSend).toBe(true);
    await setStock(shop.site.store, 'MUG-16', 0);
    await signUp('MUG-16', 'mug', 'ada@example.com');
    await signUp('MUG-16', 'mug', 'grace@example.com');
    const listed = await shop.site.owner.request('GET', '/api/owner/inventory?stock=out');
    expect(listed.json.variants.find((v: { sku: string }) => v.sku === 'MUG-16').waitingSignups).toBe(2);

    const res = await adjust('MUG-16', { reason: 'received', delta: 5 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ qtyInStock: 5, restockNotificationsSent: 2 });
    for (const email of ['ada@example.com', 'grace@example.com']) {
      const mails = await shop.mailsTo(email);
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Back in stock: Blue Mug');
    }
    // Already in stock: more stock mails nobody again.
    expect((await adjust('MUG-16', { reason: 'received', delta: 1 })).json.restockNotificationsSent).toBeNull();
    expect(await shop.mailsTo('ada@example.com')).toHaveLength(1);
  });

  it('mails them when a staff member cancels an order that took the last unit', async () => {
    await setStock(shop.site.store, 'MUG-12', 1);
    const shopper = new Visitor(shop.site.app);
    expect((await shopper.add('mug', 'MUG-12', 1)).status).toBe(200);
    const placed = await shopper.checkout({ ...paid({ email: 'buyer@example.com' }), payment: { provider: 'offline' } });
    expect(placed.status).toBe(201);
    await signUp('MUG-12', 'mug', 'mug-fan@example.com');
    const canceled = await shop.site.owner.request('POST', `/api/owner/orders/${placed.json.order.id}/cancel`, { notify: false });
    expect(canceled.status).toBe(200);
    const mails = await shop.mailsTo('mug-fan@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Back in stock: Blue Mug');
  });

  it('sends nothing by itself once the owner turns it off', async () => {
    const settings = (await shop.site.owner.request('GET', '/api/owner/inventory/settings')).json;
    expect((await shop.site.owner.request('PUT', '/api/owner/inventory/settings', { version: settings.version, restockAutoSend: false })).status).toBe(200);
    await setStock(shop.site.store, 'WORKSHOP', 0);
    await signUp('WORKSHOP', 'workshop', 'later@example.com');
    const res = await adjust('WORKSHOP', { reason: 'received', delta: 3 });
    expect(res.json).toMatchObject({ qtyInStock: 3, restockNotificationsSent: null });
    expect(await shop.site.app.restock.sweep()).toBe(0);
    expect(await shop.mailsTo('later@example.com')).toEqual([]);
  });
});
