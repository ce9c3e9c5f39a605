// What every theme built for the demo site must do, its tests shared by the built-in themes: every template
// file compiles with no errors, every partial it applies exists, and every page of the demo site renders with
// no template error, alt text on every picture, and with the markup the storefront and visitors rely on.
import { compile } from '@tessera/template';
import { describe, expect, it } from 'vitest';
import { localizedStrings } from '@tessera/server';
import { demoPaths, money, NOW, pageFor } from './page-context.js';
import { readTheme } from './theme-files.js';

/** The sizes a theme gives the product page's pictures: the first one, and the others (after `auto`). */
interface GallerySizes {
  first: string;
  others: string;
}

/** The shared tests of a theme (a folder of themes/, read with its base), its describe blocks named with `label`. */
export async function describeTheme(name: string, label: string, gallerySizes: GallerySizes) {
  const { templates, has, source, partials, renderPage } = await readTheme(name);

  describe(`${label} files`, () => {
    it('has the layout, a template per collection type and per page type, and the stylesheets it lists', () => {
      const conf = JSON.parse(source('template.conf'));
      expect(conf.layouts.default.regions).toEqual(['site']);
      for (const sheet of conf.stylesheets) expect(has(`styles/${sheet}`), sheet).toBe(true);
      for (const type of ['products', 'blog', 'events', 'gallery', 'lessons']) {
        expect(templates).toContain(`collections/${type}.list`);
        expect(templates).toContain(`collections/${type}.item`);
      }
      for (const page of [
        'cart',
        'checkout',
        'order-confirmed',
        'search',
        'not-found',
        'error',
        'lock-screen',
        'protected-content',
        'access-denied',
        'donate',
        'contribution-confirmed',
        'order-status',
        'newsletter-unsubscribe',
        'reviews-request',
        'commerce-email-preview',
      ]) {
        expect(templates).toContain(`pages/${page}.page`);
      }
    });

    it.each(templates)('%s compiles with no errors', (path) => {
      expect(compile(source(path)).errors).toEqual([]);
    });

    it('applies only partials that exist', () => {
      for (const path of templates) {
        for (const [, name] of source(path).matchAll(/\|apply ([\w.-]+)/g)) expect(partials[name], `${path} applies ${name}`).toBeDefined();
      }
    });
  });

  describe(`${label} pages of the demo site`, () => {
    it.each(demoPaths())('%s renders with no template errors', (path) => {
      const { html, errors } = renderPage(path);
      expect(errors).toEqual([]);
      expect(html).toMatch(/^<!doctype html>\s*<html lang="en-US">/);
      expect(html).toContain('<main id="main"');
      expect(html.match(/<h1[\s>]/g) ?? []).toHaveLength(1);
      // Every picture says what it shows, or says it shows nothing (alt="").
      expect(html.match(/<img(?![^>]*\salt=)[^>]*>/g) ?? []).toEqual([]);
    });

    it('titles pages by item, collection or page type, and the home page by the site alone', () => {
      const title = (path: string) => /<title>([^<]*)<\/title>/.exec(renderPage(path).html)?.[1].replace(/\s+/g, ' ').trim();
      expect(title('/')).toBe('Tessera Supply Co.');
      expect(title('/shop')).toBe('Shop · Tessera Supply Co.');
      expect(title('/shop/stoneware-mug')).toBe('Stoneware Mug · Tessera Supply Co.');
      expect(title('/about')).toBe('Our story · Tessera Supply Co.');
      expect(title('/cart')).toBe('Your cart · Tessera Supply Co.');
      expect(title('/no-such-page')).toBe('Page not found · Tessera Supply Co.');
      expect(renderPage('/shop').html).toContain('<link rel="canonical" href="http://localhost:3000/shop">');
    });

    it("writes a page's SEO settings (from the studio) in the head, and a list's own", () => {
      const { context } = pageFor('/about');
      const socialImage = { assetUrl: '/assets/uploads/kiln.jpg' };
      const seo = { seoTitle: 'Our pottery studio', seoDescription: 'Who makes the mugs.', socialImage };
      const page = renderPage('/about', undefined, { item: { ...context.item, ...seo } }).html;
      expect(page).toContain('<title>Our pottery studio</title>');
      expect(page).toContain('<meta name="description" content="Who makes the mugs.">');
      expect(page).toContain('<meta property="og:image" content="http://localhost:3000/assets/uploads/kiln.jpg">');
      const journal = pageFor('/journal').context;
      const list = renderPage('/journal', undefined, { collection: { ...journal.collection, ...seo } }).html;
      expect(list).toContain('<title>Our pottery studio</title>');
      expect(list).toContain('<meta name="description" content="Who makes the mugs.">');
      expect(list).toContain('<meta property="og:title" content="Our pottery studio">');
      expect(list).toContain('<meta property="og:image" content="http://localhost:3000/assets/uploads/kiln.jpg">');
    });

    it('shows the main image on a product page when the product lists no gallery', () => {
      const { template, context } = pageFor('/shop/stoneware-mug');
      context.item.structuredContent.images = [];
      const main = compile(source(template)).render(context, { partials, now: NOW });
      expect(main.errors).toEqual([]);
      expect(main.output).toMatch(/<div class="product-gallery__item"><img src="\/assets\/shop\/mug-blue\.svg"/);
    });

    it('writes srcset with sizes from the image service, the priority rule of the spec and its alt text fallback', () => {
      const { template, context } = pageFor('/shop/stoneware-mug');
      const [first, second] = context.item.structuredContent.images;
      Object.assign(first, { originalSize: '1200x1200', systemDataVariants: '1200x1200,100w,300w,500w,750w,1000w' });
      // No alt text of its own: the title, then the file name.
      Object.assign(second, { altText: '', title: 'Stoneware Mug', filename: 'mug-sand.svg' });
      const main = compile(source(template)).render(context, { partials, now: NOW });
      expect(main.errors).toEqual([]);
      const tags = main.output.match(/<li class="product-gallery__item"[^>]*><img [^>]*>/g)!;
      expect(tags[0]).toContain(`srcset="${first.assetUrl}?format=100w 100w,`);
      expect(tags[0]).toContain(`${first.assetUrl}?format=original 1500w" sizes="${gallerySizes.first}"`);
      expect(tags[0]).toContain('loading="eager" fetchpriority="high"');
      expect(tags[1]).not.toContain('srcset=');
      expect(tags[1]).toContain('alt="Stoneware Mug"');
      expect(tags[1]).toContain('loading="lazy" decoding');
      // A lazy picture may leave its width to the browser's layout (sizes auto), the list its fallback.
      expect(tags[1]).toContain(`sizes="auto, ${gallerySizes.others}"`);
    });

    it('makes a gallery of several pictures, which scrolls sideways on a phone, reachable by keyboard', () => {
      const { template, context } = pageFor('/shop/stoneware-mug');
      const several = compile(source(template)).render(context, { partials, now: NOW }).output;
      expect(several).toContain('<ul class="product-gallery__list" tabindex="0" aria-label="Stoneware Mug">');
      context.item.structuredContent.images = context.item.structuredContent.images.slice(0, 1);
      expect(compile(source(template)).render(context, { partials, now: NOW }).output).toContain('<ul class="product-gallery__list">');
    });

    it('lays out every page with a skip link, navigation, the cart indicator, the footer and the island root', () => {
      const { html } = renderPage('/journal');
      expect(html).toContain('<a class="skip-link" href="#main">');
      expect(html).toMatch(/<a class="nav-link" href="\/journal" aria-current="page">Journal<\/a>/);
      expect(html).toContain('<details class="nav-folder">');
      expect(html).toMatch(/class="cart-indicator cart-empty" href="\/cart" data-cart-indicator/);
      expect(html).toContain('<span class="sqs-cart-quantity">0</span>');
      expect(html).toContain('id="tessera-pill-cart"');
      expect(html).toContain('data-form-id="newsletter"');
      expect(html).toContain('<script src="/bootstrap.js"></script>');
    });

    it('shows the item count and subtotal in the cart indicator when the cart holds items', () => {
      const cart = {
        entries: [
          {
            id: 'e1',
            itemId: 'i1',
            title: 'Stoneware Mug',
            quantity: 3,
            chosenVariant: { sku: 'MUG-BLU-12', attributes: {}, optionValues: [{ value: 'Ocean Blue' }] },
            subTotalMoney: money(9600),
          },
        ],
        totalQuantity: 3,
        subtotalCents: 9600,
        subtotalMoney: money(9600),
      };
      const { html, errors } = renderPage('/cart', cart);
      expect(errors).toEqual([]);
      expect(html).not.toMatch(/class="cart-indicator cart-empty"/);
      expect(html).toContain('<span class="cart-subtotal">$96.00</span>');
      expect(html).toContain('<span class="sqs-cart-quantity">3</span>');
      expect(html).toContain('$96.00');
      expect(html).toContain('data-tessera-island="cart"');
      expect(html).toContain('<h1 class="page-title">Your cart</h1>');
      expect(html).toContain('<p class="cart-entry__quantity">Quantity: 3</p>');
      expect(html).toContain('<span>Subtotal</span>');
      expect(html).toContain('href="/checkout">Check out</a>');
    });

    it('words the cart and checkout pages in the page’s language, the empty cart too', () => {
      const cart = {
        entries: [
          {
            id: 'e1',
            itemId: 'i1',
            title: 'Tasse en grès',
            quantity: 2,
            chosenVariant: { sku: 'MUG-BLU-12', attributes: {}, optionValues: [] },
            subTotalMoney: money(6400),
          },
        ],
        totalQuantity: 2,
        subtotalCents: 6400,
        subtotalMoney: money(6400),
      };
      const french = { localizedStrings: localizedStrings('fr-FR') };
      const { html, errors } = renderPage('/cart', cart, french);
      expect(errors).toEqual([]);
      expect(html).toContain('<h1 class="page-title">Votre panier</h1>');
      expect(html).toContain('<p class="cart-entry__quantity">Quantité : 2</p>');
      expect(html).toContain('<span>Sous-total</span>');
      expect(html).toContain('La livraison et les taxes sont calculées au paiement.');
      expect(html).toContain('href="/checkout">Passer la commande</a>');
      const empty = renderPage('/cart', undefined, french).html;
      expect(empty).toContain('<p>Votre panier est vide.</p>');
      expect(empty).toContain('Continuer vos achats</a>');
      const checkout = renderPage('/checkout', undefined, french).html;
      expect(checkout).toContain('<h1 class="page-title">Paiement</h1>');
      expect(checkout).toContain('Le paiement nécessite JavaScript.');
    });

    it('marks sold-out and sale products in the grid with the engine badges, and memberships as such', () => {
      const { html } = renderPage('/shop');
      const card = (title: string) => html.slice(html.lastIndexOf('<li class="product-card', html.indexOf(`>${title}<`)), html.indexOf(`>${title}<`));
      expect(card('Borosilicate Glass Carafe')).toContain('<div class="product-mark sold-out">');
      expect(card('Conical Burr Hand Grinder')).toContain('<div class="product-mark sale">');
      expect(card("Roastery Members' Club")).toContain('<div class="product-mark membership">');
      expect(card("Roastery Members' Club")).not.toContain('sold-out">');
      expect(card('Stoneware Mug')).not.toContain('product-mark');
      expect(html).not.toContain('Speckled Teapot');
    });

    it('gives a product page the engine purchase controls, price, scarcity and restock markup', () => {
      const { html } = renderPage('/shop/stoneware-mug');
      expect(html).toContain('class="sqs-add-to-cart-button');
      expect(html).toContain('<select aria-label="Select Colour" data-variant-option-name="Colour">');
      expect(html).toContain('class="product-quantity-input"');
      expect(html).toContain('$28.00');
      expect(html).toContain('class="product-restock-notification"');
      expect(html).toContain('Only 2 left in stock');
      expect(html).toMatch(
        /<div class="installment-badge" data-tessera-island="installments" data-item-id="\w+" data-product-type="1" data-price-cents="2800" data-currency="USD">/,
      );
      expect(html).toContain('alt="An ocean-blue stoneware mug with a speckled, unglazed foot"');
    });

    it('replaces the purchase controls of a fully sold-out product with a sold-out note and the restock form', () => {
      const { html } = renderPage('/shop/glass-carafe');
      expect(html).toContain('<p class="product-sold-out" role="status">Sold out</p>');
      expect(html).not.toContain('class="sqs-add-to-cart-button');
      expect(html).toMatch(/<div class="product-restock-notification" data-product-id="\w+" data-variant-id="\w+">/);
    });

    it('prices a subscription per month and a paywall membership with its own price', () => {
      expect(renderPage('/shop/roasters-choice-subscription').html).toMatch(/from (<span[^>]*>)?\$18\.00(<\/span>)? every month/);
      expect(renderPage('/shop/members-club').html).toMatch(/\$9\.00 <span class="product-price__period">every month<\/span>/);
    });

    it('dates journal posts and events in the site time zone and links events to a calendar', () => {
      expect(renderPage('/journal/how-we-choose-green-coffee').html).toContain('<time datetime="2026-10-14">October 14, 2026</time>');
      const events = renderPage('/events').html;
      expect(events.indexOf('Holiday Makers Market')).toBeLessThan(events.indexOf('Past events'));
      expect(events.indexOf('Latte Art Night')).toBeGreaterThan(events.indexOf('Past events'));
      const event = renderPage('/events/holiday-makers-market').html;
      expect(event).toContain('Saturday, December 12, 2026');
      expect(event).toContain('http://www.google.com/calendar/event?action=TEMPLATE');
    });

    it('lists search results with their count, and says so when there are none', () => {
      const mugs = pageFor('/shop').context.items.filter((i: { title: string }) => /mug/i.test(i.title));
      const found = renderPage('/search', undefined, { search: { query: 'mug', resultCount: mugs.length }, items: mugs });
      expect(found.errors).toEqual([]);
      expect(found.html).toContain('value="mug"');
      expect(found.html).toContain(`${mugs.length} result${mugs.length === 1 ? '' : 's'} for &ldquo;mug&rdquo;`);
      expect(found.html).toContain('<a href="/shop/stoneware-mug">Stoneware Mug</a>');
      const none = renderPage('/search', undefined, { search: { query: 'teapot', resultCount: 0 }, items: [] });
      expect(none.html).toContain('No results for &ldquo;teapot&rdquo;');
    });

    it('renders every field kind of a site form with a label', () => {
      const { html } = renderPage('/feedback');
      for (const type of [
        'name',
        'email',
        'phone',
        'address',
        'website',
        'twitter',
        'date',
        'time',
        'currency',
        'number',
        'radio',
        'checkbox',
        'select',
        'likert',
        'textarea',
        'password',
      ]) {
        expect(html, type).toMatch(new RegExp(`data-field-type="${type}"`));
      }
      expect(html).toContain('data-field-type="section"');
      expect(html).toContain('<input type="hidden" name="source" value="website"');
      expect(html).toContain('<div class="captcha-container" data-captcha></div>');
      // The markers the forms island looks for (FORM_MARKERS in @tessera/core).
      expect(html).toMatch(/<form class="tessera-form site-form" id="form-feedback" data-form-id="feedback"/);
      for (const marker of [
        'class="form-problems-above"',
        'class="form-problems-below"',
        'class="field-error"',
        'class="textarea-counter"',
        'class="form-submission-text"',
        'class="button form-submit-button"',
        'name="website_url"',
      ])
        expect(html).toContain(marker);
      // Every visible input, select and textarea has a label pointing at it.
      const ids = [...html.matchAll(/<(?:input|select|textarea) class="form-input[^"]*"[^>]*\sid="([^"]+)"/g)].map((m) => m[1]);
      expect(ids.length).toBeGreaterThan(20);
      for (const inputId of ids) expect(html, inputId).toContain(`for="${inputId}"`);
    });
  });

  describe(`${label}: restock, reviews and the commerce email preview`, () => {
    const stars = (n: number) => Array.from({ length: 5 }, (_, i) => i < n);
    const review = (id: string, rating: number, body: string, reviewerName: string) => ({
      id,
      itemId: 'x',
      rating,
      stars: stars(rating),
      body,
      reviewerName,
      created: Date.parse('2026-11-02T15:00:00Z'),
    });
    const productReviews = (reviews: ReturnType<typeof review>[]) => ({
      itemId: 'x',
      count: reviews.length,
      countText: `${reviews.length} review${reviews.length === 1 ? '' : 's'}`,
      averageRating: 4.5,
      averageRatingText: reviews.length ? '4.5' : '',
      averageStars: stars(reviews.length ? 5 : 0),
      average: { rating: reviews.length ? '4.5' : '', stars: stars(reviews.length ? 5 : 0) },
      reviews,
      hasMore: false,
    });

    it("shows a product's reviews in a tab beside the description, with an anchor to them under the title", () => {
      const { html, errors } = renderPage('/shop/stoneware-mug', undefined, {
        productReviews: productReviews([review('r1', 5, 'Keeps coffee hot <really>.', 'Ada L.'), review('r2', 4, 'Lovely glaze.', 'Grace H.')]),
      });
      expect(errors).toEqual([]);
      expect(html).toMatch(
        /<a class="product-rating" href="#reviews" data-reviews-anchor>\s*<span class="rating-stars" role="img" aria-label="Rated 4.5 out of 5">/,
      );
      expect(html).toContain('<span class="product-rating__count">(2 reviews)</span>');
      expect(html).toMatch(/<div class="product-tabs" data-tessera-island="product-reviews" data-item-id="\w+">/);
      expect(html).toContain(
        'role="tab" id="product-tab-reviews" href="#reviews" aria-controls="reviews" aria-selected="false" data-reviews-tab>Reviews <span class="product-tabs__count">2</span>',
      );
      expect(html).toContain('<section class="product-tabs__panel product-reviews" role="tabpanel" id="reviews" aria-labelledby="product-tab-reviews">');
      expect(html).toContain('<p class="review__body">Keeps coffee hot &lt;really&gt;.</p>');
      expect(html).toContain('<span class="review__author">Ada L.</span>');
      expect(html).toContain('<time datetime="2026-11-02">');
      // A review's own stars, not the average: four filled for the 4-star review.
      const second = html.slice(html.indexOf('Lovely glaze') - 900, html.indexOf('Lovely glaze'));
      expect(second).toContain('aria-label="Rated 4 out of 5"');
      expect(second.match(/rating-stars__star--filled/g)).toHaveLength(4);
      // The shop's reply shows under its review, escaped; a review without one has none.
      const answered = { ...review('r1', 5, 'Great.', 'Ada L.'), reply: 'Thank you, <Ada>!' };
      const replied = renderPage('/shop/stoneware-mug', undefined, {
        productReviews: productReviews([answered, review('r2', 4, 'Lovely glaze.', 'Grace H.')]),
      }).html;
      expect(replied).toContain(
        '<div class="review__reply"><p class="review__reply-title">Reply from the shop</p><p class="review__reply-body">Thank you, &lt;Ada&gt;!</p></div>',
      );
      expect(replied.match(/class="review__reply"/g)).toHaveLength(1);
      // The description is the first tab's panel.
      expect(html).toMatch(/<div class="product-tabs__panel product-description prose" role="tabpanel" id="product-description"[^>]*><p>/);
    });

    it('says when a product has no reviews yet, and shows no reviews without them on', () => {
      const empty = renderPage('/shop/stoneware-mug', undefined, { productReviews: productReviews([]) }).html;
      expect(empty).toContain('No reviews yet.');
      expect(empty).not.toContain('data-reviews-anchor');
      const off = renderPage('/shop/stoneware-mug').html;
      expect(off).not.toContain('product-tabs');
      expect(off).toContain('<div class="product-description prose">');
    });

    it('lets a visitor choose which variant of a fully sold-out product a restock notice is for', () => {
      const { html } = renderPage('/shop/gooseneck-kettle');
      expect(html).toContain('<p class="product-sold-out" role="status">Sold out</p>');
      expect(html).toContain('<select aria-label="Select Colour" data-variant-option-name="Colour">');
      expect(html.match(/class="product-restock-notification"/g)).toHaveLength(2);
      expect(html).not.toContain('class="sqs-add-to-cart-button');
    });

    it('renders the review-request page (209): a form per product not yet reviewed, the review of the others', () => {
      const { errors } = renderPage('/cart', undefined, { pageType: 209 });
      expect(errors).toEqual([]);
      const page = pageFor('/cart').context;
      const context = {
        ...page,
        pageType: 209,
        reviewsRequest: {
          token: 'tok.en',
          orderNumber: 1042,
          submitUrl: '/api/commerce/reviews',
          reviewerName: 'Ada L.',
          maxBodyLength: 2000,
          allReviewed: false,
          products: [
            { itemId: 'i1', title: 'Stoneware Mug', fullUrl: '/shop/stoneware-mug', imageUrl: '/assets/mug.svg', reviewed: false, review: null },
            { itemId: 'i2', title: 'House Blend', fullUrl: null, imageUrl: null, reviewed: true, review: review('r', 3, 'Fine.', 'Ada L.') },
          ],
        },
      };
      const rendered = compile(source('pages/reviews-request.page')).render(context, { partials, now: NOW, locale: 'en-US' });
      expect(rendered.errors).toEqual([]);
      const out = rendered.output;
      expect(out).toContain('<div id="tessera-review-request" class="review-request" data-tessera-island="review-request" data-token="tok.en">');
      expect(out).toContain('order <strong>#1042</strong>');
      expect(out.match(/<form class="review-form" data-item-id="i1"/g)).toHaveLength(1);
      expect(out).not.toContain('data-item-id="i2"');
      for (const n of [1, 2, 3, 4, 5]) expect(out).toContain(`<input type="radio" name="rating" value="${n}" id="review-1-${n}">`);
      expect(out).toContain('<span class="visually-hidden">1 star</span>');
      expect(out).toContain('<label class="form-label" for="review-body-1">Your review</label>');
      expect(out).toContain('value="Ada L." maxlength="60"');
      expect(out).toContain('name="website_url"');
      expect(out).toContain('<a href="/shop/stoneware-mug">Stoneware Mug</a>');
      expect(out).toContain('You reviewed this product. Thank you!');
      expect(out).toContain('aria-label="Rated 3 out of 5"');
      expect(out).toContain('Your review is published with your name.');
      expect(out).not.toContain('waiting');
      // A site that moderates reviews says so, and shows the buyer's review as waiting.
      const moderated = {
        ...context,
        reviewsRequest: {
          ...context.reviewsRequest,
          requiresApproval: true,
          products: [
            context.reviewsRequest.products[0],
            { ...context.reviewsRequest.products[1], review: { ...review('r', 3, 'Fine.', 'Ada L.'), status: 'pending' } },
          ],
        },
      };
      const waiting = compile(source('pages/reviews-request.page')).render(moderated, { partials, now: NOW, locale: 'en-US' }).output;
      expect(waiting).toContain('Your review is published with your name once the shop approves it.');
      expect(waiting).toContain("You reviewed this product. Thank you! Your review is waiting for the shop's approval.");
    });

    it('renders the commerce email preview (301): the kinds, the headers and the mail in a sandboxed frame', () => {
      const context = {
        ...pageFor('/cart').context,
        pageType: 301,
        emailPreview: {
          kind: 'gift-card-code',
          title: 'Gift card code',
          subject: 'Your $50.00 gift card',
          from: '"Shop" <no-reply@shop.test>',
          to: 'customer@example.com',
          html: '<!doctype html><p style="color:#222">Code: "K7QM"</p>',
          text: 'Code: K7QM & more',
          kinds: [
            { kind: 'order-confirmation', title: 'Order confirmation', url: '/config/email-preview/order-confirmation', current: false },
            { kind: 'gift-card-code', title: 'Gift card code', url: '/config/email-preview/gift-card-code', current: true },
          ],
        },
      };
      const rendered = compile(source('pages/commerce-email-preview.page')).render(context, { partials, now: NOW, locale: 'en-US' });
      expect(rendered.errors).toEqual([]);
      const out = rendered.output;
      expect(out).toContain('<h1 class="page-title">Gift card code</h1>');
      expect(out).toContain('<a class="email-preview__kind" href="/config/email-preview/gift-card-code" aria-current="page">Gift card code</a>');
      expect(out).toContain('<a class="email-preview__kind" href="/config/email-preview/order-confirmation">Order confirmation</a>');
      expect(out).toContain('<dd>"Shop" &lt;no-reply@shop.test&gt;</dd>');
      expect(out).toContain('sandbox srcdoc="&lt;!doctype html&gt;&lt;p style=&quot;color:#222&quot;&gt;Code: &quot;K7QM&quot;&lt;/p&gt;"');
      expect(out).toContain('<pre>Code: K7QM &amp; more</pre>');
    });
  });

  describe('related products and quick views', () => {
    it("offers a quick view on each card of the shop list, a link to the product's page without JavaScript", () => {
      const { html, errors } = renderPage('/shop');
      expect(errors).toEqual([]);
      expect(html).toContain('<ul class="product-grid" data-tessera-island="quick-view">');
      const links = [...html.matchAll(/<a class="sqs-product-quick-view-button product-card__quick-view" href="([^"]+)" data-id="([^"]+)"/g)];
      expect(links.length).toBeGreaterThan(3);
      expect(links[0]![1]).toBe('/shop/stoneware-mug');
      expect(html).toContain('aria-haspopup="dialog">Quick View<span class="visually-hidden">: Stoneware Mug</span></a>');
    });

    it("shows a product's related products as the shop's cards under the product, with their own quick views, and nothing without any", () => {
      const shop = pageFor('/shop').context as { items: Record<string, unknown>[] };
      const related = shop.items.filter((i) => ['speckled-planter', 'hand-grinder'].includes(String(i.urlId)));
      const { template, context } = pageFor('/shop/stoneware-mug');
      const render = (list: unknown[]) =>
        compile(source(template)).render({ ...context, item: { ...(context.item as object), relatedProducts: list } }, { partials, now: NOW, locale: 'en-US' });
      const shown = render(related);
      expect(shown.errors).toEqual([]);
      expect(shown.output).toContain('<section class="related-products container" aria-labelledby="related-products-title">');
      expect(shown.output).toContain('<span data-tessera-island="related-products" hidden></span>');
      const cards = [...shown.output.matchAll(/<li class="product-card[^"]*" data-product-id="([^"]+)">\s*<a class="product-card__link" href="([^"]+)"/g)].map(
        (m) => m[2],
      );
      expect(cards).toEqual(related.map((r) => r.fullUrl));
      expect(shown.output).toContain('Quick View<span class="visually-hidden">: Speckled Planter</span>');
      expect(render([]).output).not.toContain('related-products');
    });
  });
}
