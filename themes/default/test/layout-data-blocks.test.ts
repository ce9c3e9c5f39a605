// The block kinds that read the store render from the `data` their readers give (context/layout-data/*):
// summaries in their four variants with the show switches, a product with the engine's purchase markup,
// forms and the newsletter through form.block, galleries in their four designs, video, audio and maps,
// each through the dispatcher partial inside the markup contract's block wrapper, as a page renders it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGalleryOptions } from '@tessera/core/gallery';
import { compile } from '@tessera/template';
import { describe, expect, it } from 'vitest';
import { NOW, pageFor } from './page-context.js';
import { readTheme } from './theme-files.js';

type Json = Record<string, any>;
const { partials } = await readTheme('default');
const DEMO = join(import.meta.dirname, '..', '..', '..', 'sites', 'demo');
const form = (name: string) => JSON.parse(readFileSync(join(DEMO, 'forms', `${name}.json`), 'utf8')) as Json;

/** A page with these blocks, each in the markup contract's wrapper, as collections/page.page renders a layout. */
const PAGE = compile(
  '<div class="page-layout" data-layout>{.repeated section blocks}<div class="layout-block layout-block--{kind}" data-block-id="{id}">{@|apply layout-block.block}</div>{.end}</div>',
);

function render(blocks: Json[], page = pageFor('/about').context) {
  const out = PAGE.render({ ...page, blocks }, { partials, now: NOW, locale: 'en-US' });
  expect(out.errors).toEqual([]);
  return out.output;
}

let n = 0;
function block(kind: string, variantName: string | null, settings: Json, data: Json | undefined): Json {
  n += 1;
  return { id: `b-${n}`, kind, variantName, variant: null, span: 1, classes: '', settings, ...(data ? { data } : {}) };
}

const SUMMARY = {
  title: '',
  limit: 3,
  columns: 3,
  showImage: true,
  showTitle: true,
  showExcerpt: false,
  showPrice: true,
  showDate: true,
  tag: '',
  category: '',
};
function summary(path: string, variantName: string, settings: Json = {}) {
  const { context } = pageFor(path);
  const c = context.collection;
  return {
    page: { ...pageFor('/about').context, productMerchandisingContext: context.productMerchandisingContext ?? {} },
    block: block(
      'summary',
      variantName,
      { ...SUMMARY, ...settings },
      {
        title: settings.title || c.title,
        collection: { id: c.id, title: c.title, urlId: c.urlId, fullUrl: c.fullUrl, typeName: c.typeName },
        items: context.items.slice(0, settings.limit ?? 3),
        isProducts: c.typeName === 'products',
        isEvents: c.typeName === 'events',
      },
    ),
  };
}
const items = (html: string) => html.match(/<li class="layout-summary__item[^>]*>/g) ?? [];

describe('summary block', () => {
  it('shows products as a grid of the block columns with their prices and marks, without excerpts', () => {
    const { page, block: b } = summary('/shop', 'grid', { limit: 4, columns: 4, title: 'Customer favourites' });
    const html = render([b], page);
    expect(html).toContain('<div class="layout-block layout-block--summary" data-block-id="b-');
    expect(html).toMatch(/class="layout-summary layout-summary--grid layout-summary--cols-4 layout-summary--products"/);
    expect(html).toContain('<h2 class="layout-summary__title" id="b-1-title">Customer favourites</h2>');
    expect(html).toContain('href="/shop">View all<span class="visually-hidden"> Shop</span></a>');
    expect(items(html)).toHaveLength(4);
    // Each product's own mark: sold out only for those sold out in every variant.
    const soldOut = b.data.items.filter((i: Json) => i.structuredContent.variants.every((v: Json) => !v.unlimited && v.qtyInStock <= 0));
    expect(soldOut.length).toBeLessThan(4);
    expect(html.match(/<span class="layout-summary__mark"><div class="product-mark sold-out/g) ?? []).toHaveLength(soldOut.length);
    expect(html.match(/class="product-price"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(html).not.toContain('layout-summary__excerpt');
    expect(html).not.toContain('data-tessera-island');
    // With the title shown, the picture's link is a duplicate: out of the tab order and hidden.
    expect(html).toMatch(/<a class="layout-summary__media" href="\/shop\/[^"]+" tabindex="-1" aria-hidden="true">/);
  });

  it('shows posts as a wall and as a list with dates and excerpts when asked, and hides what the switches turn off', () => {
    const wall = render([summary('/journal', 'wall', { showExcerpt: true }).block]);
    expect(wall).toContain('layout-summary--wall');
    expect(wall).toMatch(/<p class="layout-summary__date"><time datetime="\d{4}-\d\d-\d\d">/);
    expect(wall).toContain('<div class="layout-summary__excerpt">');
    const list = render([summary('/journal', 'list', { showDate: false, showTitle: false, showPrice: false }).block]);
    expect(list).toContain('layout-summary--list');
    expect(list).not.toContain('layout-summary__date');
    expect(list).not.toContain('layout-summary__item-title');
    // Without the title the picture is the item's link, named by the title.
    expect(list).toMatch(/<a class="layout-summary__media" href="\/journal\/[^"]+" aria-label="[^"]+">/);
    const bare = render([summary('/journal', 'grid', { showImage: false }).block]);
    expect(bare).not.toContain('layout-summary__media');
  });

  it('shows events with when they happen', () => {
    const html = render([summary('/events', 'grid').block]);
    expect(html).toContain('<p class="event-when">');
    expect(html).not.toContain('layout-summary__date');
  });

  it('makes a carousel a scrolling region with its items and previous and next buttons for the gallery island', () => {
    const html = render([summary('/shop', 'carousel', { limit: 3, title: 'New in' }).block]);
    expect(html).toMatch(
      /class="layout-summary layout-summary--carousel[^"]* gallery--align-left" data-tessera-island="gallery" data-design="slider" data-autoplay="false" data-lightbox="false" role="region" aria-roledescription="carousel" aria-labelledby="b-\d+-title"/,
    );
    expect(html).toContain('<ul class="layout-summary__list gallery__list" tabindex="0" aria-label="New in">');
    expect(items(html)).toHaveLength(3);
    expect(html).toContain('<div class="gallery__controls layout-summary__controls" hidden>');
    expect(html).toContain('data-gallery-step="-1" aria-label="Previous items in New in"');
    expect(html).toContain('data-gallery-step="1" aria-label="Next items in New in"');
    // The buttons come before the row: the keyboard reaches them first.
    expect(html.indexOf('gallery__controls')).toBeLessThan(html.indexOf('layout-summary__list'));
  });

  it('says so when the collection has nothing to show yet, and shows nothing without data', () => {
    const { block: b } = summary('/shop', 'grid');
    b.data.items = [];
    expect(render([b])).toContain('<p class="empty-state">Nothing here yet.</p>');
    const none = render([block('summary', 'grid', SUMMARY, undefined)]);
    expect(none).toMatch(/data-block-id="b-\d+">\s*<\/div>/);
  });
});

describe('product block', () => {
  const shop = pageFor('/shop').context;
  const product = (pick: (i: Json) => boolean) => {
    const item = shop.items.find(pick);
    return block(
      'product',
      null,
      { product: `shop/${item.urlId}`, showImage: true, showExcerpt: true },
      {
        item,
        collection: { title: 'Shop', urlId: 'shop', fullUrl: '/shop' },
      },
    );
  };
  const page = { ...pageFor('/about').context, productMerchandisingContext: shop.productMerchandisingContext };

  it('renders the engine purchase markup the product island mounts on', () => {
    const b = product((i) => i.structuredContent?.productType === 1 && i.structuredContent.variants.some((v: Json) => v.unlimited || v.qtyInStock > 0));
    const html = render([b], page);
    expect(html).toContain(`<article class="layout-product`);
    expect(html).toContain(`data-item-id="${b.data.item.id}" data-product-type="1"`);
    expect(html).toMatch(/<h2 class="layout-product__title"><a href="\/shop\/[^"]+">/);
    expect(html).toContain('sqs-add-to-cart-button');
    expect(html).toContain('product-quantity-input');
    expect(html).toContain('class="product-price"');
  });

  it('keeps the variant chooser and says sold out, without the button, for a product sold out in every variant', () => {
    const b = product((i) => i.structuredContent?.productType === 1);
    const item = structuredClone(b.data.item);
    for (const v of item.structuredContent.variants) Object.assign(v, { unlimited: false, qtyInStock: 0 });
    b.data = { ...b.data, item };
    const html = render([b], page);
    expect(html).toContain('<p class="product-sold-out" role="status">Sold out</p>');
    expect(html).not.toContain('sqs-add-to-cart-button');
  });
});

describe('form and newsletter blocks', () => {
  it('renders the site form with the block title and ids of its own, submitting to the form', () => {
    const contact = { ...form('contact'), id: 'contact', domId: 'contact-block-1' };
    const html = render([block('form', null, { form: 'contact', title: 'Write to us' }, { form: contact })]);
    expect(html).toMatch(/<h2 class="layout-form__title" id="b-\d+-title">Write to us<\/h2>/);
    expect(html).toContain('id="form-contact-block-1" data-form-id="contact"');
    expect(html).toContain('data-tessera-island="form"');
    expect(html).not.toContain('id="form-contact"');
    expect(html).toMatch(/<label class="form-label" for="contact-block-1-/);
  });

  it('renders the newsletter with its title, description and the sign-up form', () => {
    const newsletter = { ...form('newsletter'), id: 'newsletter', domId: 'newsletter-block-1' };
    const html = render([
      block('newsletter', null, { form: 'newsletter', title: 'Letters from the roastery', description: 'Once a month.' }, { form: newsletter }),
    ]);
    expect(html).toContain('<h2 class="layout-newsletter__title">Letters from the roastery</h2>');
    expect(html).toContain('<p class="layout-newsletter__description">Once a month.</p>');
    expect(html).toContain('data-form-id="newsletter" data-newsletter');
    expect(html).toContain('>Sign up</button>');
    const untitled = render([block('newsletter', null, { form: 'newsletter', title: '', description: '' }, { form: newsletter })]);
    expect(untitled).toContain('<h2 class="layout-newsletter__title">Newsletter</h2>');
  });
});

describe('gallery block', () => {
  const pictures = pageFor('/gallery')
    .context.items.slice(0, 3)
    .map((i: Json, k: number) => ({
      id: `picture-${k + 1}`,
      title: i.title,
      excerpt: '<p>A caption</p>',
      fullUrl: i.mainImage.assetUrl,
      assetUrl: i.mainImage.assetUrl,
      mainImage: i.mainImage,
    }));
  const data = (raw: Json) => {
    const { options } = parseGalleryOptions(raw);
    const design = (d: string) => ({ items: pictures, collection: { title: 'Studio', galleryOptions: { ...options, design: d } } });
    return { grid: design('grid'), slideshow: design('slideshow'), carousel: design('slider'), stack: design('stacked') };
  };

  it.each([
    ['grid', 'gallery--grid'],
    ['slideshow', 'gallery--slideshow'],
    ['carousel', 'gallery--slider'],
    ['stack', 'gallery--stacked'],
  ])('renders the %s variant as the gallery design %s', (variant, cls) => {
    const html = render([block('gallery', variant, { images: [], options: {} }, data({ lightbox: true }))]);
    expect(html).toMatch(new RegExp(`<div class="gallery ${cls} [^"]*" data-tessera-island="gallery"`));
    expect(html.match(/<li class="gallery__slide"/g)).toHaveLength(3);
    expect(html).toContain('data-gallery-open="1"');
    expect(html).toContain('<div class="gallery__description"><p>A caption</p></div>');
    if (variant === 'slideshow' || variant === 'carousel') expect(html).toContain('aria-roledescription="carousel" aria-label="Studio"');
  });
});

describe('video and audio blocks', () => {
  it('renders a video as the facade the video island opens, with its caption', () => {
    const video = {
      oembed: { html: '<video controls preload="metadata" playsinline><source src="/assets/v.webm" type="video/webm"></video>', providerName: 'Tessera' },
      overlay: false,
      title: 'Morning brew',
      kind: 'video',
      embedded: false,
      inline: false,
      duration: '0:42',
      caption: 'Morning brew, start to finish',
    };
    const html = render([block('video', null, { video: 'assets/v.webm', caption: video.caption }, video)]);
    expect(html).toContain('data-tessera-island="video" data-html="&lt;video controls');
    expect(html).toContain('aria-label="Play video: Morning brew"');
    expect(html).toContain('<span class="post-video__title">Morning brew, start to finish</span>');
    expect(html).toContain('<span class="visually-hidden">Length </span>0:42');
  });

  it('renders an audio file in the browser player with its title and author', () => {
    const audio = {
      oembed: { html: '<audio controls preload="metadata"><source src="/assets/a.mp3" type="audio/mpeg"></audio>', providerName: 'Tessera' },
      title: 'Roast notes',
      author: 'Ana',
      kind: 'audio',
      inline: true,
      duration: null,
    };
    const html = render([block('audio', null, { audio: 'assets/a.mp3', title: 'Roast notes', author: 'Ana' }, audio)]);
    expect(html).toContain('<span class="layout-audio__title">Roast notes</span>');
    expect(html).toContain('<span class="visually-hidden">by </span>Ana</span>');
    expect(html).toContain('<div class="layout-audio__player post-video__audio"><audio controls preload="metadata">');
  });
});

describe('map block', () => {
  const address = { addressTitle: 'Roastery', addressLine1: '12 Warren St', addressLine2: 'Hudson, NY 12534', addressCountry: 'United States' };
  const lines = ['12 Warren St', 'Hudson, NY 12534', 'United States'];
  const searchUrl = 'https://www.openstreetmap.org/search?query=Roastery%2C%2012%20Warren%20St';

  it('lays out the tiles around the place with the marker and the attribution', () => {
    const map = {
      tiles: [
        { url: 'https://tiles.example/14/4823/6127.png', left: 0, top: 0 },
        { url: 'https://tiles.example/14/4824/6127.png', left: 256, top: 0 },
      ],
      width: 1280,
      height: 768,
      pointX: 600,
      pointY: 400,
      attribution: '© OpenStreetMap contributors',
    };
    const html = render([block('map', null, { address, zoom: 14 }, { address: { ...address, lines }, label: 'Roastery', searchUrl, map })]);
    expect(html).toContain('<div class="layout-map layout-map--tiles">');
    expect(html).toContain('<div class="layout-map__view" role="img" aria-label="Map of Roastery">');
    expect(html).toContain('style="width: 1280px; height: 768px; left: calc(50% - 600px); top: calc(50% - 400px)"');
    expect(html).toContain(
      '<img class="layout-map__tile" src="https://tiles.example/14/4824/6127.png" alt="" width="256" height="256" loading="lazy" decoding="async" style="left: 256px; top: 0px">',
    );
    expect(html).toContain('class="layout-map__marker"');
    expect(html).toContain('<p class="layout-map__attribution">© OpenStreetMap contributors</p>');
    expect(html).toContain(`href="${searchUrl}"`);
  });

  it('shows an address card with a link to open it in a map without tiles', () => {
    const html = render([block('map', null, { address, zoom: 14 }, { address: { ...address, lines }, label: 'Roastery', searchUrl, map: null })]);
    expect(html).toContain('<div class="layout-map layout-map--card">');
    expect(html).not.toContain('layout-map__tile');
    expect(html).toContain('<strong class="layout-map__title">Roastery</strong>');
    expect(html).toContain('<span class="layout-map__line">Hudson, NY 12534</span>');
    expect(html).toContain(`<a class="text-link layout-map__link" href="${searchUrl}" rel="noopener" target="_blank">Open in a map`);
  });
});
