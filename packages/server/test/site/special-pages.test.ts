// The special page types a visitor or the owner reaches on the demo shop in the default theme: the
// cover page (splash page 3), the popup overlay as a page (104), cart v2 (205), subscription
// confirmed (206), order received (207) and the digital product composer preview (210). Each
// answers ?format=json with its context and its page type, and renders through the theme.
import fs from 'node:fs/promises';
import path from 'node:path';
import { WebsiteRole } from '@tessera/core/enums';
import { FREE_LABEL_ERROR } from '@tessera/core/format';
import { linksMessage } from '@tessera/core/layout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { updateWebsiteSettings } from '../../src/modules/site/index.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { stableId } from '../../src/storage/ids.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { ACCEPTED_CARD, ADDRESS, Visitor } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { demoWithCover } from '../helpers/demo-cover.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { FIXTURES } from '../helpers/paths.js';
import { DIALECTS, freshStore } from '../helpers/store.js';

const REPO = path.resolve(FIXTURES, '..', '..', '..', '..');
const DEMO = path.join(REPO, 'sites', 'demo');
const WEBSITE_ID = websiteIdOf('demo');
const shopItem = (urlId: string) => stableId(stableId(WEBSITE_ID, 'collection', 'shop'), 'item', urlId);
const PASSWORD = 'a staff password 1';

describe.each(DIALECTS)('special pages of the default theme on %s', (dialect) => {
  let store: Store;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let siteDir: string;
  const staff: Record<'admin' | 'shop' | 'editor', Visitor> = {} as never;
  beforeAll(async () => {
    siteDir = await demoWithCover(DEMO);
    store = await freshStore(dialect);
    await importSite(store, siteDir);
    const roles = { admin: WebsiteRole.ADMIN, shop: WebsiteRole.STORE_MANAGER, editor: WebsiteRole.EDITOR };
    for (const [name, code] of Object.entries(roles)) await createTestOwner(store.db, WEBSITE_ID, `${name}@demo.test`, PASSWORD, code);
    app = await buildApp(testConfig({ siteDir, themesDir: path.join(REPO, 'themes') }), { store, passwordCost: QUICK_PASSWORD_COST });
    await app.ready();
    for (const name of Object.keys(roles) as (keyof typeof roles)[]) {
      const v = new Visitor(app, 'localhost');
      expect((await v.request('POST', '/api/owner/session', { email: `${name}@demo.test`, password: PASSWORD })).status).toBe(200);
      staff[name] = v;
    }
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await fs.rm(siteDir, { recursive: true, force: true });
  });

  const card = { provider: 'test', cardNumber: ACCEPTED_CARD };

  it('renders a cover page as splash page 3: its own layout, the cover settings, no header or footer', async () => {
    const v = new Visitor(app, 'localhost');
    const json = (await v.page('/welcome')).json;
    expect(json.pageType).toBe(3);
    expect(json.collection).toMatchObject({ urlId: 'welcome', typeName: 'page', type: 8 });
    expect(json.cover).toMatchObject({
      title: 'Fresh from the roaster',
      text: '<p>Roasted every Tuesday, shipped the day after.</p>',
      image: { altText: 'The studio: shelves of mugs and coffee bags' },
      action: { label: 'Shop the coffee', url: '/shop' },
    });
    expect(json.styles.values.settings).toMatchObject({ 'cover-color-theme': 'dark', 'cover-text-alignment': 'center', 'cover-overlay-opacity': 40 });
    const html = (await v.request('GET', '/welcome')).body;
    expect(html).toContain('<section class="cover color-theme-dark cover--align-center cover--with-image" aria-labelledby="cover-title">');
    expect(html).toContain('<h1 class="cover__title" id="cover-title">Fresh from the roaster</h1>');
    expect(html).toContain('<a class="button cover__action" href="/shop">Shop the coffee</a>');
    expect(html).toContain('--setting-cover-overlay-opacity:40%}');
    expect(html).toContain('/special-pages.css');
    expect(html).not.toContain('class="site-header');
    expect(html).not.toContain('class="site-footer');
    // An ordinary page keeps its header and footer.
    expect((await v.request('GET', '/about')).body).toContain('class="site-header');
  });

  it('offers the design panel the cover page and the popup overlay among the pages its preview shows', async () => {
    const design = (await staff.admin.request('GET', '/api/owner/design')).json;
    expect(design.previewPages).toContainEqual({ kind: 'splash-page', path: '/welcome', label: 'Cover: Welcome' });
    expect(design.previewPages).toContainEqual({ kind: 'popup-overlay', path: '/popup-overlay', label: 'Popup overlay' });
    // An ordinary page is no cover.
    expect(design.previewPages.filter((p: { kind: string }) => p.kind === 'splash-page')).toHaveLength(1);
  });

  it('lets the roles that edit content add a cover page and fill in its cover in the page settings', async () => {
    const made = await staff.admin.request('POST', '/api/owner/pages', { kind: 'cover', title: 'Spring', in: 'notLinked' });
    expect(made.status).toBe(201);
    const at = `/api/owner/pages/${encodeURIComponent(made.json.node.key)}/settings`;
    expect((await staff.admin.request('GET', at)).json).toMatchObject({
      kind: 'page',
      typeName: 'page',
      cover: { text: '', image: null, imageAlt: '', actionLabel: '', actionUrl: '' },
    });
    const refused = await staff.admin.request('PATCH', at, { cover: { actionUrl: 'javascript:alert(1)', image: 'assets/nope.png' } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.errors)).toEqual(['cover.actionUrl', 'cover.image']);
    expect(refused.json.errors['cover.image']).toBe('Choose an image of the media library.');
    expect(refused.json.errors['cover.actionUrl']).toBe(linksMessage());
    const page = (await staff.admin.request('POST', '/api/owner/pages', { kind: 'page', title: 'Plain', in: 'notLinked' })).json.node;
    const plain = await staff.admin.request('PATCH', `/api/owner/pages/${encodeURIComponent(page.key)}/settings`, { cover: { text: 'x' } });
    expect(plain.json.errors).toEqual({ cover: 'Only a cover page has cover settings.' });
    expect((await staff.shop.request('PATCH', at, { cover: { text: 'x' } })).status).toBe(403);
    expect((await new Visitor(app, 'localhost').request('PATCH', at, { cover: { text: 'x' } })).status).toBe(401);
    const saved = await staff.editor.request('PATCH', at, {
      cover: {
        text: '<p>New season, new roasts.</p>',
        image: 'assets/pages/about-studio.svg',
        imageAlt: 'The studio',
        actionLabel: 'See them',
        actionUrl: '/shop',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.cover).toEqual({
      text: '<p>New season, new roasts.</p>',
      image: 'assets/pages/about-studio.svg',
      imageAlt: 'The studio',
      actionLabel: 'See them',
      actionUrl: '/shop',
    });
    // Published, it is a cover page at its address.
    await store.db.updateTable('items').set({ status: 'published' }).where('url_id', '=', 'spring').execute();
    const spring = await new Visitor(app, 'localhost').page('/spring');
    expect(spring.json).toMatchObject({
      pageType: 3,
      cover: { title: 'Spring', text: '<p>New season, new roasts.</p>', image: { altText: 'The studio' }, action: { label: 'See them', url: '/shop' } },
    });
  });

  it("gives content items the spec's fields Tessera makes from what it knows", async () => {
    const v = new Visitor(app, 'localhost');
    const about = (await v.page('/about')).json.item;
    expect(about).toMatchObject({ promotedBlockType: 5, currentType: 'page', backgroundSource: 'image', showPastOrUpcomingEvents: null });
    expect(about.mainImageId).toEqual(expect.any(String));
    expect(about.systemDataId).toMatch(/^[0-9a-f]{24}$/);
    const events = (await v.page('/events')).json.items;
    expect(events[0]).toMatchObject({ currentType: 'event', showPastOrUpcomingEvents: 'upcoming' });
    const product = (await v.page('/shop/the-brew-guide')).json.item;
    expect(product).toMatchObject({ currentType: 'product', promotedBlockType: null });
  });

  it('renders the popup overlay as its own page (104): for the owner while it is off, for everyone once it is on', async () => {
    const v = new Visitor(app, 'localhost');
    expect((await v.page('/popup-overlay')).status).toBe(404);
    const owner = await staff.admin.page('/popup-overlay');
    expect(owner.status).toBe(200);
    expect(owner.json).toMatchObject({
      pageType: 104,
      popupOverlay: { title: 'Join the roasting list', body: '<p>One letter a month.</p>', form: { id: expect.any(String) } },
    });
    const html = (await staff.admin.request('GET', '/popup-overlay')).body;
    expect(html).toContain('<h1 class="popup-overlay__title" id="popup-overlay-title">Join the roasting list</h1>');
    expect(html).toContain('<div class="popup-overlay__body"><p>One letter a month.</p></div>');
    // Its own page carries no dialog of itself in the browser context.
    expect(html).toMatch(/"popupOverlay":null/);
    await updateWebsiteSettings(
      store,
      WEBSITE_ID,
      (settings) => {
        settings.popupOverlay = { enabled: true, title: 'Join the roasting list' };
      },
      Date.now(),
    );
    expect((await v.page('/popup-overlay')).json).toMatchObject({ pageType: 104, popupOverlay: { title: 'Join the roasting list' } });
  });

  it('serves cart v2 (205) with the visitor cart, rendered with the cart template', async () => {
    const v = new Visitor(app, 'localhost');
    expect((await v.request('POST', '/api/commerce/shopping-cart/entries', { itemId: shopItem('the-brew-guide') })).status).toBe(200);
    const page = await v.page('/commerce/cart');
    expect(page.json.pageType).toBe(205);
    expect(page.json.shoppingCart.entries[0]).toMatchObject({ title: 'The Brew Guide (PDF)' });
    expect((await v.request('GET', '/commerce/cart')).body).toContain('The Brew Guide (PDF)');
  });

  it("confirms a subscription's order on 206 (its old URL too) and shows an order whose payment confirms later as received (207)", async () => {
    const v = new Visitor(app, 'localhost');
    const cart = await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: shopItem('roasters-choice-subscription'), sku: 'SUB-250', qty: 1 });
    expect(cart.status).toBe(200);
    const placed = await v.checkout({
      email: 'sub@example.com',
      shippingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: card,
      cartToken: cart.json.cartToken,
    });
    expect(placed.status).toBe(201);
    expect(placed.json.confirmationUrl).toMatch(/^\/checkout\/subscription-confirmed\?token=/);
    const confirmed = await v.page(placed.json.confirmationUrl);
    expect(confirmed.json).toMatchObject({ pageType: 206, order: { kind: 'subscription', orderNumber: placed.json.order.orderNumber } });
    const html = (await v.request('GET', placed.json.confirmationUrl)).body;
    expect(html).toContain('<h1 class="page-title">Your subscription has started</h1>');
    expect(html).toContain(`Your order <strong>#${placed.json.order.orderNumber}</strong> starts your subscription.`);
    const old = placed.json.confirmationUrl.replace('/checkout/subscription-confirmed', '/checkout/order-confirmed');
    expect((await v.page(old)).json).toMatchObject({ pageType: 206, order: { kind: 'subscription' } });
    expect((await v.page('/checkout/subscription-confirmed?token=x.y')).status).toBe(404);

    // An offline order stays confirmed (202) with its pending notice; one waiting on its provider is received (207).
    const b = new Visitor(app, 'localhost');
    await b.request('POST', '/api/commerce/shopping-cart/entries', { itemId: shopItem('the-brew-guide') });
    const offline = await b.checkout({ email: 'later@example.com', payment: { provider: 'offline' } });
    expect(offline.status).toBe(201);
    expect((await b.page(offline.json.confirmationUrl)).json).toMatchObject({ pageType: 202, order: { paymentStatus: 'PENDING' } });
    await store.db.updateTable('orders').set({ payment_provider: 'test' }).where('id', '=', offline.json.order.id).execute();
    const received = await b.page(offline.json.confirmationUrl);
    expect(received.json).toMatchObject({ pageType: 207, order: { orderNumber: offline.json.order.orderNumber } });
    expect((await b.request('GET', offline.json.confirmationUrl)).body).toContain('<h1 class="page-title">We have received your order</h1>');
    const direct = offline.json.confirmationUrl.replace('/checkout/order-confirmed', '/checkout/order-received');
    expect((await b.page(direct)).json.pageType).toBe(207);
  });

  it("shows a zero price as free only with a Free label: the save refuses one without it with the spec's error", async () => {
    const at = `/api/owner/products/${shopItem('the-brew-guide')}`;
    const doc = (await staff.shop.request('GET', at)).json;
    const item = structuredClone(doc.item);
    item.product.showZeroAsFree = true;
    for (const v of item.product.variants) Object.assign(v, { priceCents: 0, salePriceCents: 0, onSale: false });
    const refused = await staff.shop.request('PUT', at, { collection: doc.collection, revision: doc.revision, item });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ 'item.product.freeLabel': FREE_LABEL_ERROR });
    item.product.freeLabel = 'Free';
    const saved = await staff.shop.request('PUT', at, { collection: doc.collection, revision: doc.revision, item });
    expect(saved.status).toBe(200);
    const v = new Visitor(app, 'localhost');
    expect((await v.page('/shop/the-brew-guide')).json.item.structuredContent).toMatchObject({ freePriceLabel: 'Free' });
    expect((await v.request('GET', '/shop/the-brew-guide')).body).toContain('<div class="product-price product-price--free">Free</div>');
  });

  it("previews a digital product's delivery page and mail (210) for the roles that edit products only", async () => {
    const url = `/config/delivery-preview/${shopItem('the-brew-guide')}`;
    const preview = await staff.shop.page(url);
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({
      pageType: 210,
      digitalProductPreview: {
        product: { title: 'The Brew Guide (PDF)', fullUrl: '/shop/the-brew-guide' },
        delivery: { fileName: 'brew-guide.pdf', hasFile: true, linkLifetimeHours: 24, download: { title: 'The Brew Guide (PDF)' } },
        mail: { to: 'customer@example.com', subject: expect.any(String) },
      },
    });
    expect(preview.json.digitalProductPreview.mail.text).toContain('The Brew Guide (PDF)');
    const html = (await staff.admin.request('GET', url)).body;
    expect(html).toContain('<h1 class="page-title">The Brew Guide (PDF)</h1>');
    expect(html).toContain('<iframe class="email-preview__frame" title="The download email as sent" sandbox srcdoc=');
    // As every studio page: those who may not edit products are sent to the sign-in page.
    for (const who of [staff.editor, new Visitor(app, 'localhost')]) {
      const refused = await who.request('GET', url);
      expect(refused.status).toBe(302);
      expect(refused.headers.location).toBe(`/config/login?next=${encodeURIComponent(url)}`);
    }
    // Only digital products have a delivery.
    expect((await staff.admin.page(`/config/delivery-preview/${shopItem('roasters-choice-subscription')}`)).status).toBe(404);
  });

  it("writes a post's comment count once (the thread's heading), and a comment form that says it needs JavaScript rather than posting without it", async () => {
    const html = (await new Visitor(app, 'localhost').request('GET', '/journal/inside-the-studio-the-stoneware-mug')).body;
    expect(html.match(/No Comments/g)).toHaveLength(1);
    expect(html).toContain('<h2 class="comments__title" id="comments-title">No Comments</h2>');
    expect(html).not.toContain('class="post-comments"');
    // Without script the button stays disabled (a form posted without the crumb would fail) and the page says why.
    expect(html).toContain(
      '<noscript><p class="form-hint comment-form__noscript">Commenting needs JavaScript: turn it on in your browser to leave a comment.</p></noscript>',
    );
    expect(html).toContain('<button class="button comment-form__submit" type="submit" disabled>Post comment</button>');
  });

  it("describes a cover page without a description of its own with the site's, for search engines", async () => {
    const html = (await new Visitor(app, 'localhost').request('GET', '/welcome')).body;
    expect(html).toContain(
      '<meta name="description" content="Small-batch coffee and hand-thrown stoneware from our roastery and studio in Hudson, New York.">',
    );
    // An item's own excerpt still comes first.
    expect((await new Visitor(app, 'localhost').request('GET', '/about')).body).toContain(
      '<meta name="description" content="A roaster and a potter sharing one building on Columbia Street since 2019.">',
    );
  });
});
