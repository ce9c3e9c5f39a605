// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ISLANDS, boot, loadIslands, type SiteContext, type TesseraGlobal } from '../../src/bootstrap.js';
import { events } from '../../src/events.js';
import { fakeNetwork, goTo, resetPage } from '../collectors/browser.js';

const site: SiteContext = {
  websiteId: 'w1',
  templateId: 'default',
  authenticatedAccountId: null,
  pageType: 2,
  collectionId: 'c1',
  itemId: null,
  language: 'en-US',
  cookieSettings: { isRestrictiveCookiePolicyEnabled: false, isCookieBannerEnabled: true },
  captchaSiteKey: null,
  timeZone: { name: 'America/New_York', offset: -18000000, abbreviation: 'EST' },
  currency: 'USD',
  storeSettings: {},
  censusDisabled: false,
  pageSpeedEnabled: false,
  collectionType: 1,
  authenticated: false,
  websiteRoles: [],
};

afterEach(resetPage);

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

// The containers and markers the default theme and the engine leave (themes/default/README.md).
const MARKERS: Record<string, string> = {
  'add to cart':
    '<div class="sqs-add-to-cart-button-wrapper"><div class="sqs-add-to-cart-button" role="button" tabindex="0" data-item-id="i1" data-product-type="1"></div></div>',
  installments:
    '<div class="installment-badge" data-tessera-island="installments" data-item-id="i1" data-product-type="1" data-price-cents="900" data-currency="USD"></div>',
  'indicators of a cart with items': '<a class="cart-indicator" data-cart-indicator><span class="sqs-cart-quantity">2</span></a>',
  'cart page': '<div id="tessera-cart" class="cart" data-tessera-island="cart"></div>',
  checkout: '<div id="tessera-checkout" class="checkout" data-tessera-island="checkout"></div>',
  'order confirmed': '<div id="tessera-order-confirmed" data-tessera-island="order-confirmed"></div>',
  'site form': '<form class="tessera-form site-form" data-tessera-island="form" data-form-id="contact"></form>',
};

describe('the island registry', () => {
  it.each(Object.entries(MARKERS))('finds the %s marker, and exactly one island for it', (_name, html) => {
    document.body.innerHTML = html;
    const loaded: string[] = [];
    const count = loadIslands(
      document,
      {} as TesseraGlobal,
      ISLANDS.map(
        ([selector]) =>
          [
            selector,
            () => {
              loaded.push(selector);
              return new Promise(() => {});
            },
          ] as const,
      ),
    );
    expect(count).toBe(1);
    expect(loaded).toHaveLength(1);
  });

  it('loads nothing on a page without markers, and an empty cart’s indicator is not a marker', () => {
    document.body.innerHTML =
      '<main><p>Text</p></main><a class="cart-indicator cart-empty" data-cart-indicator><span class="sqs-cart-quantity">0</span></a><div id="tessera-pill-cart"></div>';
    const load = vi.fn(() => new Promise<never>(() => {}));
    expect(
      loadIslands(
        document,
        {} as TesseraGlobal,
        ISLANDS.map(([s]) => [s, load] as const),
      ),
    ).toBe(0);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the page’s event bus', () => {
  it('reaches the analytics forwarder once the page has an island; a failing subscriber changes nothing', async () => {
    goTo('http://localhost:3000/shop/mug');
    const network = fakeNetwork();
    document.body.innerHTML = `<script type="application/json" id="tessera-context">${JSON.stringify(site)}</script>
      <div id="tessera-order-confirmed" data-tessera-island="order-confirmed" data-order-number="1001"></div>`;
    events.subscribe(() => {
      throw new Error('a broken pixel');
    });
    boot(window);
    await settle();
    events.publish('add-to-cart', { objectIdentifier: 'i1', variantId: 'v1' });
    await settle();
    const sent = network.to('/api/v1/clanker/events').map((r) => JSON.parse(r.body) as { eventSchemaName: string });
    expect(sent.map((s) => s.eventSchemaName)).toContain('add_to_cart');
  });
});

describe('islands woken by the visitor', () => {
  const restock = () => ISLANDS.find(([selector]) => selector === '.product-restock-notification')!;

  it('fetches the restock island only once the visitor chooses, while its forms are all hidden', async () => {
    document.body.innerHTML =
      '<select class="choice"><option>Blue</option><option>Sand</option></select>' +
      '<div class="product-restock-notification" hidden></div><div class="product-restock-notification" hidden></div>';
    const mounted: Element[][] = [];
    const load = vi.fn(() => Promise.resolve({ mount: (elements: Element[]) => void mounted.push(elements) }));
    expect(loadIslands(document, {} as TesseraGlobal, [[restock()[0], load, restock()[2]]])).toBe(1);
    await settle();
    expect(load).not.toHaveBeenCalled();
    document.querySelector('select')!.dispatchEvent(new Event('change', { bubbles: true }));
    document.querySelector('select')!.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(mounted).toEqual([Array.from(document.querySelectorAll('.product-restock-notification'))]);
  });

  it('fetches it at once when a form is shown from the start (a product sold out in every variant)', async () => {
    document.body.innerHTML = '<div class="product-restock-notification"></div><div class="product-restock-notification" hidden></div>';
    const load = vi.fn(() => Promise.resolve({ mount: () => {} }));
    loadIslands(document, {} as TesseraGlobal, [[restock()[0], load, restock()[2]]]);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the product chunk’s mount', () => {
  it('gives each island the elements of its own marker', async () => {
    document.body.innerHTML =
      '<div class="product-tabs" data-tessera-island="product-reviews" data-item-id="i1"><a role="tab" aria-controls="d" aria-selected="true">Description</a><a role="tab" aria-controls="r" data-reviews-tab>Reviews</a></div>' +
      '<section id="d">Description</section><section id="r">Reviews</section>' +
      '<div class="installment-badge" data-product-type="1" data-item-id="i1" data-price-cents="4000"></div>';
    const { mount } = await import('../../src/islands/product/index.js');
    // No add-to-cart button and no installment provider in the context: only the tabs come to life.
    mount(Array.from(document.querySelectorAll('[data-tessera-island], .installment-badge')), {
      context: null,
      crumb: () => null,
      visit: Promise.resolve(null),
    } as TesseraGlobal);
    expect(document.getElementById('r')!.hidden).toBe(true);
    expect(document.querySelector('.installment-badge')!.childElementCount).toBe(0);
  });
});

describe('the language island', () => {
  it('is fetched when its closed disclosure opens, not before', async () => {
    document.body.innerHTML =
      '<details data-tessera-island="language-switcher"><summary>Language</summary><a href="?lang=fr-FR" data-language="fr-FR">Français</a></details>';
    const entry = ISLANDS.find(([selector]) => selector.includes('language-switcher'))!;
    const load = vi.fn(() => Promise.resolve({ mount: () => {} }));
    loadIslands(document, {} as TesseraGlobal, [[entry[0], load, entry[2]]]);
    await settle();
    expect(load).not.toHaveBeenCalled();
    const details = document.querySelector('details')!;
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
