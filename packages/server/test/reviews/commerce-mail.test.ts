import { describe, expect, it } from 'vitest';
import { mailKinds } from '../../src/mail/templates/index.js';
import { PREVIEW_KINDS } from '../../src/modules/commerce-mail/samples.js';
import { DIALECTS } from '../helpers/store.js';
import { ADDRESS, Visitor, itemId, mailingShop, paid } from '../restock/helpers.js';

describe.each(DIALECTS)('the commerce mails on %s', (dialect) => {
  const shop = mailingShop(dialect);

  const { mailsTo } = shop;

  it('registers every commerce mail kind, each with a text and an HTML body', () => {
    expect(mailKinds()).toEqual(expect.arrayContaining(PREVIEW_KINDS.map((k) => k.kind)));
  });

  it("mails a paid order's confirmation, one mail per gift card code and the download links, each bound to the order", async () => {
    const v = new Visitor(shop.site.app);
    await v.add('gift-card', 'GIFT-50', 2);
    await v.add('guide', 'GUIDE-PDF');
    const placed = await v.checkout(paid({ email: 'ada@example.com' }));
    expect(placed.status).toBe(201);
    const order = placed.json.order;
    const mails = await mailsTo('ada@example.com');
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        'Your $50.00 gift card for Fixture Store',
        'Your $50.00 gift card for Fixture Store',
        `Your downloads from Fixture Store (#${order.orderNumber})`,
        `Your order #${order.orderNumber} from Fixture Store`,
      ].sort(),
    );
    const codes = order.lines[0].giftCards.map((g: { code: string }) => g.code);
    expect(codes).toHaveLength(2);
    const cardMails = mails.filter((m) => m.subject.includes('gift card'));
    expect(cardMails.map((m) => /Gift card code: (\S+)/.exec(m.text)![1]).sort()).toEqual([...codes].sort());
    expect(cardMails[0]!.text).toContain('Enter the code at checkout: http://store.test/');
    const downloads = mails.find((m) => m.subject.startsWith('Your downloads'))!;
    expect(downloads.text).toContain(`Field Guide (PDF)\n  http://store.test${order.lines[1].download.url}\n  The link works until `);
    // The link is the order's: it serves the file.
    const file = await v.request('GET', order.lines[1].download.url);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('attachment');
  });

  it("mails no code or link while an order's payment is pending, and a subscription's confirmation with its plan", async () => {
    const v = new Visitor(shop.site.app);
    await v.add('gift-card', 'GIFT-25');
    const pending = await v.checkout({ email: 'offline@example.com', shippingAddress: ADDRESS, shippingOptionId: 'standard' });
    expect(pending.json.order.paymentStatus).toBe('PENDING');
    expect((await mailsTo('offline@example.com')).map((m) => m.subject)).toEqual([`Your order #${pending.json.order.orderNumber} from Fixture Store`]);

    const subscriber = new Visitor(shop.site.app);
    const cart = await subscriber.request('POST', '/api/3/commerce/cart/subscription', { itemId: itemId('beans'), sku: 'BEANS-250', qty: 1 });
    const placed = await subscriber.checkout(paid({ email: 'sub@example.com', cartToken: cart.json.cartToken }));
    expect(placed.status).toBe(201);
    const mail = (await mailsTo('sub@example.com')).find((m) => m.subject === 'Your subscription to Bean Delivery')!;
    expect(mail.text).toContain(`Thank you for subscribing (order #${placed.json.order.orderNumber}).`);
    expect(mail.text).toContain(`Bean Delivery: ${placed.json.order.subscriptions[0].priceText}`);
    expect(mail.text).toContain('Next payment: February 14, 2025.');
    expect(mail.text).toContain('Your subscription: http://store.test/commerce/order-status?token=');
  });

  it("previews every commerce mail for the owner (page type 301), made of the site's products", async () => {
    for (const { kind, title } of PREVIEW_KINDS) {
      const res = await shop.site.owner.page(`/config/email-preview/${kind}`);
      expect(res.status, kind).toBe(200);
      expect(res.json.pageType).toBe(301);
      expect(res.json.emailPreview).toMatchObject({
        kind,
        title,
        to: 'customer@example.com',
        from: '"Fixture Store" <no-reply@store.test>',
        subject: expect.any(String),
        html: expect.stringContaining('<!doctype html>'),
        text: expect.any(String),
      });
      expect(res.json.emailPreview.kinds).toHaveLength(PREVIEW_KINDS.length);
      expect(res.json.emailPreview.kinds.filter((k: { current: boolean }) => k.current).map((k: { kind: string }) => k.kind)).toEqual([kind]);
      const html = await shop.site.owner.request('GET', `/config/email-preview/${kind}`);
      expect(html.status).toBe(200);
      expect(html.headers['content-type']).toContain('text/html');
    }
    const order = (await shop.site.owner.page('/config/email-preview/order-confirmation')).json.emailPreview;
    expect(order.subject).toBe('Your order #1001 from Fixture Store');
    // The site's own products and prices: the mug and the print, a digital product and a gift card.
    expect(order.text).toContain('1 x Blue Mug: $24.00');
    expect(order.text).toContain('Field Guide (PDF)');
    expect(order.text).toContain('Gift card code: K7QM-2XWD-PN4R-8TZC');
    expect((await shop.site.owner.page('/config/email-preview/restock-notice')).json.emailPreview.text).toContain('http://store.test/shop/mug');
    expect((await shop.site.owner.page('/config/email-preview/subscription-confirmation')).json.emailPreview.subject).toBe('Your subscription to Coffee Club');

    expect((await shop.site.owner.page('/config/email-preview/form-submission')).status).toBe(404);
    expect((await shop.site.owner.request('GET', '/config/email-preview')).headers.location).toBe('/config/email-preview/order-confirmation');
    const visitor = await new Visitor(shop.site.app).request('GET', '/config/email-preview/gift-card-code');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe('/config/login?next=%2Fconfig%2Femail-preview%2Fgift-card-code');
  });
});
