// @vitest-environment jsdom
// The census calls the page makes by itself and the related products' events, as the storefront's
// small visitor-extras chunk sends them; and the popup overlay's census call with the visit's context.
import { PageType } from '@tessera/core/enums';
import { afterEach, describe, expect, it } from 'vitest';
import type { TesseraGlobal } from '../../../src/bootstrap.js';
import type { CollectorContext } from '../../../src/collectors/context.js';
import type { Visit } from '../../../src/collectors/visit.js';
import { type StorefrontEvent, events } from '../../../src/events.js';
import { mountPopupOverlay } from '../../../src/islands/forms/popup-overlay.js';
import { mount } from '../../../src/islands/visitor-extras/index.js';
import { fakeNetwork, goTo, resetPage } from '../../collectors/browser.js';

afterEach(() => {
  resetPage();
  document.body.innerHTML = '';
  delete (window as { Tessera?: unknown }).Tessera;
});

const context: CollectorContext = { websiteId: 'w-1', templateId: 't-1', pageType: PageType.PAGE, timeZone: 'Europe/Paris', language: 'en-US' };
const visitOf = (c: CollectorContext): Visit => ({ context: c, session: { isFirstLanding: false, isFirstSession: false, sessionId: 's' } as Visit['session'] });
const tessera = (visit: Visit | null, itemId: string | null = null): TesseraGlobal =>
  ({ context: { pageType: PageType.ITEM, itemId }, crumb: () => null, visit: Promise.resolve(visit) }) as unknown as TesseraGlobal;
const settle = () => new Promise((r) => setTimeout(r, 0));
const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

describe("a layout button's census calls", () => {
  const page = () => {
    document.body.innerHTML =
      '<div class="layout-block layout-block--button" data-block-id="b-7"><p class="layout-button"><a class="button" href="#book">Book a class</a></p></div>';
    return Array.from(document.querySelectorAll('.layout-block--button'));
  };

  it('sends button-render at once and button-click when followed, with the visitor cookie and the page fields', async () => {
    goTo('https://shop.example/workshops');
    document.cookie = 'ss_cvr=visitor-1; path=/';
    const network = fakeNetwork();
    mount(page(), tessera(visitOf(context)));
    await settle();
    const [render] = network.to('/api/census/button-render');
    expect(render!.headers['Content-Type']).toBe('application/json');
    expect(json(render!.body)).toMatchObject({
      visitorCookie: 'visitor-1',
      websiteId: 'w-1',
      pageType: PageType.PAGE,
      timeZone: 'Europe/Paris',
      pagePath: '/workshops',
      blockId: 'b-7',
      buttonText: 'Book a class',
      url: '#book',
    });
    expect(network.to('/api/census/button-click')).toEqual([]);
    (document.querySelector('a') as HTMLAnchorElement).click();
    await settle();
    expect(json(network.to('/api/census/button-click')[0]!.body)).toMatchObject({ blockId: 'b-7', buttonText: 'Book a class' });
  });

  it('sends nothing for a visit that is not recorded (the owner, census off), nor on a not-found page', async () => {
    const network = fakeNetwork();
    mount(page(), tessera(null));
    await settle();
    (document.querySelector('a') as HTMLAnchorElement).click();
    mount(page(), tessera(visitOf({ ...context, pageType: PageType.NOT_FOUND })));
    await settle();
    expect(network.requests).toEqual([]);
  });

  it('ignores a failing network', async () => {
    fakeNetwork(() => 'fail');
    mount(page(), tessera(visitOf(context)));
    await settle();
    (document.querySelector('a') as HTMLAnchorElement).click();
    await settle();
  });
});

describe("a product page's related products", () => {
  it('publishes a click on a card with the product it leads to', () => {
    document.body.innerHTML =
      '<section class="related-products"><span data-tessera-island="related-products" hidden></span><ul>' +
      '<li class="product-card" data-product-id="p-2"><a class="product-card__link" href="/shop/planter"><h3>Planter</h3></a></li></ul></section>';
    const seen: StorefrontEvent[] = [];
    const stop = events.subscribe((e) => {
      if (e.name.startsWith('related-product-click')) seen.push(e);
    });
    mount(Array.from(document.querySelectorAll('[data-tessera-island="related-products"]')), tessera(visitOf(context), 'p-1'));
    const link = document.querySelector('.product-card__link') as HTMLAnchorElement;
    link.addEventListener('click', (e) => e.preventDefault());
    document.querySelector('h3')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    stop();
    expect(seen).toEqual([{ name: 'related-product-click', payload: { objectIdentifier: 'p-2', destinationUrl: '/shop/planter' } }]);
  });
});

describe("the popup overlay's census call", () => {
  it("is sent with the visit's context (its time zone a name), and not at all without a visit", async () => {
    goTo('https://shop.example/');
    const network = fakeNetwork();
    const settings = {
      pageType: 2,
      timeZone: { name: 'Europe/Paris', offset: 3600000, abbreviation: 'CET' },
      popupOverlay: {
        version: '4',
        title: 'Join',
        body: '<p>News.</p>',
        delaySeconds: 0,
        form: { id: 'newsletter', name: 'Newsletter', newsletter: true, honeypot: true, captcha: false, submissionMessage: '<p>Done.</p>', fields: [] },
      },
    };
    (window as { Tessera?: unknown }).Tessera = tessera(visitOf(context));
    const shown = mountPopupOverlay(settings as never, { captcha: null, storage: localStorage });
    await settle();
    await settle();
    const [call] = network.to('/api/census/overlay');
    expect(json(call!.body)).toMatchObject({ action: 'show', version: '4', formId: 'newsletter', timeZone: 'Europe/Paris' });
    shown?.unmount();
    localStorage.clear();
    (window as { Tessera?: unknown }).Tessera = tessera(null);
    const again = mountPopupOverlay(settings as never, { captcha: null, storage: localStorage });
    await settle();
    expect(network.to('/api/census/overlay')).toHaveLength(1);
    again?.unmount();
  });
});
