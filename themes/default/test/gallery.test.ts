// The gallery block renders each design of the gallery option table with its options applied, and a
// bad option value falls back to its default (the server reads the options with the core reader).
import { parseGalleryOptions } from '@tessera/core/gallery';
import { compile } from '@tessera/template';
import { describe, expect, it } from 'vitest';
import { NOW, pageFor } from './page-context.js';
import { readTheme } from './theme-files.js';

const { source, partials } = await readTheme('default');

/** The demo gallery's list page with the given raw options, as the server reads them. */
function render(raw: Record<string, unknown>) {
  const { template, context } = pageFor('/gallery');
  context.collection = { ...context.collection, galleryOptions: parseGalleryOptions(raw).options };
  const out = compile(source(template)).render(context, { partials, now: NOW, locale: 'en-US' });
  expect(out.errors).toEqual([]);
  return out.output;
}

const root = (html: string) => /<div class="gallery [^>]*>/.exec(html)?.[0] ?? '';
const slides = (html: string) => html.match(/<li class="gallery__slide"[^>]*>/g) ?? [];

describe('gallery designs', () => {
  it('renders the grid by default with the default options', () => {
    const html = render({});
    const el = root(html);
    for (const c of ['gallery--grid', 'gallery--ratio-square', 'gallery--crop', 'gallery--square-thumbs', 'gallery--meta-bottom', 'gallery--align-center'])
      expect(el).toContain(c);
    for (const c of ['gallery--controls', 'gallery--meta-hover', 'gallery--transparent', 'gallery--title-only']) expect(el).not.toContain(c);
    expect(el).toContain('data-autoplay="false" data-autoplay-duration="5" data-lightbox="false" data-lightbox-theme="dark"');
    expect(el).toContain(
      '--gallery-padding: 20px; --gallery-per-row: 4; --gallery-max-width: 300px; --gallery-strip-height: 80px; --gallery-strip-margin: 20px',
    );
    expect(el).not.toContain('aria-roledescription');
    expect(slides(html)).toHaveLength(9);
    expect(html).toContain('<figcaption class="gallery__meta"><span class="gallery__title">Roastery at dawn</span><div class="gallery__description">');
    expect(html).toContain('sizes="(min-width: 600px) 300px, 50vw"');
    expect(html).not.toContain('gallery__controls');
    expect(html).not.toContain('data-gallery-open');
    // The first picture is the page's largest: loaded first; the others lazily.
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(1);
  });

  it('renders a slideshow as an accessible carousel with its controls, thumbnails and autoplay', () => {
    const html = render({
      design: 'slideshow',
      controls: true,
      thumbnails: true,
      autoplay: true,
      'autoplay-duration': 3,
      'thumbnail-strip-height': 120,
      'thumbnail-strip-margin': 0,
      'square-thumbs': false,
    });
    const el = root(html);
    expect(el).toContain('gallery--slideshow');
    expect(el).toContain('gallery--controls');
    expect(el).not.toContain('gallery--square-thumbs');
    expect(el).toContain('role="region" aria-roledescription="carousel" aria-label="Gallery"');
    expect(el).toContain('data-autoplay="true" data-autoplay-duration="3"');
    expect(el).toContain('--gallery-strip-height: 120px; --gallery-strip-margin: 0px');
    expect(html).toContain('<ul class="gallery__list" role="presentation">');
    expect(slides(html)[0]).toBe('<li class="gallery__slide" data-index="1" role="group" aria-roledescription="slide" aria-label="1 of 9">');
    expect(slides(html)[8]).toContain('aria-label="9 of 9"');
    expect(html).toContain('aria-label="Previous picture"');
    expect(html).toContain('aria-label="Next picture"');
    expect(html).toContain('<button type="button" class="gallery__thumb" data-gallery-go="1" aria-label="Show picture 1: Roastery at dawn">');
    expect(html).toContain('sizes="(min-width: 1240px) 1120px, calc(92vw - 40px)"');
    // Thumbnails ask for pictures as wide as the strip is high, not wider.
    expect(html).toMatch(/class="gallery__thumb"[^>]*><img [^>]*sizes="120px"/);
  });

  it('leaves the thumbnails out of a slideshow without them, and the meta out when show-meta is off', () => {
    const html = render({ design: 'slideshow', 'show-meta': false });
    expect(html).not.toContain('gallery__thumb');
    expect(html).not.toContain('gallery__meta');
    expect(html).toContain('gallery__controls');
  });

  it('renders the slider (also called carousel) with its alignment', () => {
    for (const design of ['slider', 'carousel']) {
      const html = render({ design, 'active-alignment': 'left' });
      expect(root(html)).toContain('gallery--slider');
      expect(root(html)).toContain('gallery--align-left');
      expect(root(html)).toContain('aria-roledescription="carousel"');
      expect(slides(html)[1]).toContain('aria-label="2 of 9"');
      expect(html).toContain('sizes="(min-width: 740px) 520px, calc(74vw - 32px)"');
      expect(html).toContain('gallery__controls');
      expect(html).not.toContain('gallery__thumb');
    }
  });

  it('renders the stacked design, its captions following show-meta-basic', () => {
    const html = render({ design: 'stacked', 'show-meta-basic': false, 'auto-crop': false, transparentBackground: true });
    const el = root(html);
    expect(el).toContain('gallery--stacked');
    expect(el).not.toContain('gallery--crop');
    expect(el).toContain('gallery--transparent');
    expect(el).not.toContain('aria-roledescription');
    expect(html).not.toContain('gallery__meta');
    expect(html).not.toContain('gallery__controls');
    expect(slides(html)).toHaveLength(9);
  });

  it('applies each of the seven aspect ratios', () => {
    for (const ratio of ['square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen']) {
      expect(root(render({ 'aspect-ratio': ratio }))).toContain(`gallery--ratio-${ratio} `);
      expect(source('styles/content.css')).toContain(`.gallery--ratio-${ratio}`);
    }
  });

  it('places the meta, shows it on hover or keeps the title only', () => {
    const el = root(render({ 'meta-position': 'top-right', 'show-meta-on-hover': true, 'show-meta-only-title': true }));
    expect(el).toContain('gallery--meta-top-right');
    expect(el).toContain('gallery--meta-hover');
    expect(el).toContain('gallery--title-only');
  });

  it('opens pictures in the lightbox, in its theme, or in a new window', () => {
    const light = render({ lightbox: true, lightboxTheme: 'light', newWindow: true });
    expect(root(light)).toContain('data-lightbox="true" data-lightbox-theme="light"');
    expect(light).toContain('<a class="gallery__link" href="/gallery/roastery-at-dawn" data-gallery-open="1">');
    expect(light).not.toContain('target="_blank"');
    const windowed = render({ newWindow: true });
    expect(windowed).toContain('<a class="gallery__link" href="/gallery/roastery-at-dawn" target="_blank" rel="noopener">');
  });

  it('sets the columns, padding and tile width', () => {
    const html = render({ 'thumbnails-per-row': 10, padding: 0, 'max-width': 100 });
    expect(root(html)).toContain('--gallery-padding: 0px; --gallery-per-row: 10; --gallery-max-width: 100px');
    expect(html).toContain('sizes="(min-width: 600px) 100px, 50vw"');
  });
});

describe('gallery option fallbacks', () => {
  it('gives every bad or out-of-range value its default', () => {
    const html = render({
      design: 'mosaic',
      autoplay: 'yes',
      'autoplay-duration': 11,
      'aspect-ratio': '5:4',
      'thumbnail-strip-height': 201,
      'thumbnail-strip-margin': -1,
      'meta-position': 'middle',
      'active-alignment': 'justify',
      'thumbnails-per-row': 4.5,
      padding: 51,
      lightboxTheme: 'sepia',
      'max-width': 99,
      controls: 1,
    });
    expect(root(html)).toBe(root(render({})));
  });

  it('reads the edge values of each range and the string forms of booleans and numbers', () => {
    const el = root(
      render({
        autoplay: 'true',
        'autoplay-duration': '10',
        padding: 50,
        'thumbnails-per-row': 1,
        'max-width': 300,
        'thumbnail-strip-height': 0,
        'thumbnail-strip-margin': 60,
      }),
    );
    expect(el).toContain('data-autoplay="true" data-autoplay-duration="10"');
    expect(el).toContain(
      '--gallery-padding: 50px; --gallery-per-row: 1; --gallery-max-width: 300px; --gallery-strip-height: 0px; --gallery-strip-margin: 60px',
    );
  });

  it('shows an empty state for a gallery with no pictures', () => {
    const { template, context } = pageFor('/gallery');
    context.items = [];
    const out = compile(source(template)).render(context, { partials, now: NOW, locale: 'en-US' });
    expect(out.output).toContain('<p class="empty-state">No pictures yet.</p>');
    expect(out.output).not.toContain('class="gallery ');
  });
});
