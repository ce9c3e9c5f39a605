// What every built-in theme does with page layouts: sections and the simple block kinds rendered with
// Tessera's engine from the context the server builds (layoutSections), every kind and variant.
import { readLayout } from '@tessera/core/layout';
import { layoutSections } from '@tessera/server';
import { compile } from '@tessera/template';
import { describe, expect, it } from 'vitest';
import { pageFor } from './page-context.js';
import { readTheme } from './theme-files.js';

/** The page layout tests of a theme (a folder of themes/, read with its base), named with `label`. */
export async function describeLayouts(name: string, label: string) {
  const { source, partials } = await readTheme(name);
  const page = compile(source('collections/page.page'));

  const image = (path: string, title: string, alt: string, caption: string) => ({
    assetUrl: `/${path}`,
    altText: alt,
    title,
    body: caption,
    filename: path.slice(path.lastIndexOf('/') + 1),
    originalSize: '1200x800',
    systemDataVariants: '1200x800,300w,750w,1200w',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
  });

  /** Renders a page item made of these sections, as collections/page.page does on the server. */
  function render(sections: unknown[], extra: Record<string, unknown> = {}) {
    const { layout, problems } = readLayout(sections);
    expect(problems.filter((p) => p.level === 'error')).toEqual([]);
    const context = {
      item: {
        title: 'Workshops',
        layout: layoutSections(layout, { imageOf: image, socialAccounts: [{ serviceName: 'instagram', profileUrl: 'https://instagram.com/tessera' }] }),
      },
      ...extra,
    };
    const out = page.render(context, { partials, now: Date.parse('2026-11-21T12:00:00Z'), locale: 'en-US' });
    expect(out.errors).toEqual([]);
    return out.output;
  }
  const one = (kind: string, settings: Record<string, unknown> = {}, more: Record<string, unknown> = {}) =>
    render([{ id: 's-1', blocks: [{ id: 'b-1', kind, settings, ...more }] }]);
  const tags = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);

  describe(`${label} page layouts: sections`, () => {
    it('renders the markup contract: sections and blocks in order, with their classes, hidden ones kept and classed', () => {
      const html = render([
        {
          id: 's-a',
          theme: 'dark',
          width: 'narrow',
          columns: 3,
          spacing: { top: { desktop: 'large', mobile: 'small' }, bottom: 'medium' },
          hidden: { mobile: true },
          blocks: [
            { id: 'b-1', kind: 'text', settings: { html: '<h1>Workshops</h1>' }, span: 2 },
            { id: 'b-2', kind: 'line', hidden: { desktop: true } },
          ],
        },
        { id: 's-b', blocks: [{ id: 'b-3', kind: 'quote', settings: { text: 'Clay remembers.', source: 'Jonah' } }] },
      ]);
      expect(html).toContain('<div class="page-layout" data-layout>');
      expect(tags(html, /data-section-id="([^"]+)"/g)).toEqual(['s-a', 's-b']);
      expect(tags(html, /data-block-id="([^"]+)"/g)).toEqual(['b-1', 'b-2', 'b-3']);
      expect(html).toContain(
        '<section class="page-section color-theme-dark page-section--theme-dark page-section--width-narrow page-section--cols-3 page-section--pt-large page-section--pt-mobile-small page-section--pb-medium is-hidden-mobile" data-section-id="s-a">',
      );
      expect(html).toContain('<div class="layout-block layout-block--text layout-block--span-2" data-block-id="b-1">');
      expect(html).toContain('<div class="layout-block layout-block--line layout-block--span-1 is-hidden-desktop" data-block-id="b-2">');
      // The site's colour themes set their roles inside .color-theme-<id>: every section carries its own.
      expect(html).toContain('<section class="page-section color-theme-default page-section--theme-default');
      // The text block's own h1 is the page's: no other is added.
      expect(tags(html, /<h1[^>]*>([^<]*)</g)).toEqual(['Workshops']);
    });

    it('writes the title as a hidden h1 when no block gives one, and keeps the old page for items without sections', () => {
      expect(one('line')).toContain('<h1 class="visually-hidden">Workshops</h1>');
      const old = page.render({ item: { title: 'About', body: '<p>Hi</p>' } }, { partials }).output;
      expect(old).toContain('<h1 class="page-title">About</h1>');
      expect(old).not.toContain('data-layout');
    });

    it('renders nothing inside a block of a kind this theme part does not draw (drawn by the data kinds)', () => {
      const html = one('summary', { collection: 'shop' });
      expect(html).toMatch(/<div class="layout-block layout-block--summary [^"]*" data-block-id="b-1">\s*<\/div>/);
    });

    it('styles every class the context gives: widths, columns, spacing per screen size, visibility and colour themes', () => {
      const css = source('styles/sections.css');
      for (const c of ['width-narrow', 'width-full', 'cols-2', 'cols-3', 'cols-4', 'theme-light', 'theme-dark', 'theme-accent'])
        expect(css).toContain(`.page-section--${c}`);
      for (const side of ['pt', 'pb'])
        for (const size of ['none', 'small', 'medium', 'large']) {
          expect(css).toContain(`.page-section--${side}-${size} `);
          expect(css).toContain(`.page-section--${side}-mobile-${size} `);
        }
      expect(css).toMatch(/@media \(max-width: 432px\)[^@]*\.page-layout \.is-hidden-mobile/);
      expect(css).toMatch(/@media \(min-width: 433px\)\s*\{\s*\.page-layout \.is-hidden-desktop/);
      expect(JSON.parse(source('template.conf')).stylesheets).toContain('sections.css');
    });
  });

  describe(`${label} page layouts: block kinds`, () => {
    it('text: the stored rich text as it is', () => {
      expect(one('text', { html: '<h2>Dates</h2><p>Every <strong>Saturday</strong></p>' })).toContain(
        '<div class="layout-text prose"><h2>Dates</h2><p>Every <strong>Saturday</strong></p></div>',
      );
    });

    it('image: six variants, title as the page heading, caption, link or button, srcset and alt fallbacks', () => {
      for (const [variant, name] of [
        [1011, 'inline'],
        [1012, 'poster'],
        [1013, 'card'],
        [1014, 'overlap'],
        [1015, 'collage'],
        [1016, 'stack'],
      ] as const) {
        const html = one('image', { image: 'assets/a.jpg', title: 'Throwing class', caption: 'Saturdays', link: '/events', buttonLabel: 'Book' }, { variant });
        expect(html).toContain(`<figure class="layout-image layout-image--${name}">`);
        expect(html).toContain(`layout-block--image-${name}`);
        expect(html).toContain('<h1 class="layout-image__title">Throwing class</h1>');
        expect(html).toContain('<p class="layout-image__caption">Saturdays</p>');
        expect(html).toContain('<a class="button" href="/events">Book</a>');
        expect(html).toContain('srcset="/assets/a.jpg?format=300w 300w');
        expect(source('styles/sections.css')).toContain(`.layout-image--${name}`);
      }
      // Alt text falls back to the title, then the caption, then the file name; the picture itself is the link without a button.
      expect(one('image', { image: 'assets/a.jpg', title: 'Kiln' })).toContain('alt="Kiln"');
      const linked = one('image', { image: 'assets/a.jpg', caption: 'Glazes', link: '/shop' });
      expect(linked).toContain('alt="Glazes"');
      expect(linked).toContain('<a class="layout-image__link" href="/shop"><img');
      expect(one('image', { image: 'assets/pots.jpg' })).toContain('alt="pots.jpg"');
      expect(one('image', { image: 'assets/a.jpg', alt: 'Wheel' })).not.toContain('<figcaption');
    });

    it('image: a card takes half its block in sizes; a later titled picture is an h2', () => {
      const html = render([
        {
          id: 's',
          columns: 2,
          blocks: [
            { id: 'b-1', kind: 'image', span: 1, variant: 1013, settings: { image: 'assets/a.jpg', title: 'One' } },
            { id: 'b-2', kind: 'image', span: 1, settings: { image: 'assets/b.jpg', title: 'Two' } },
          ],
        },
      ]);
      expect(html).toContain('sizes="(min-width: 433px) min(25vw, 290px), 100vw"');
      expect(html).toContain('sizes="(min-width: 433px) min(50vw, 580px), 100vw"');
      expect(html).toContain('<h2 class="layout-image__title">Two</h2>');
    });

    it('button: styles, sizes, alignment, a new window with rel=noopener', () => {
      const html = one('button', {
        label: 'Book a seat',
        link: 'https://example.com/book',
        style: 'secondary',
        size: 'large',
        align: 'center',
        newWindow: true,
      });
      expect(html).toContain('<p class="layout-button layout-button--center">');
      expect(html).toContain('class="button button--secondary button--large" href="https://example.com/book" target="_blank" rel="noopener">Book a seat');
      expect(one('button', { label: 'Go', link: '/go', style: 'tertiary', size: 'small' })).toContain(
        'class="button button--tertiary button--small" href="/go">Go</a>',
      );
    });

    it('quote, line and spacer (its height per screen size)', () => {
      const quote = one('quote', { text: 'Clay <remembers>.', source: 'Jonah' });
      expect(quote).toContain('<blockquote class="layout-quote__text"><p>Clay &lt;remembers&gt;.</p></blockquote>');
      expect(quote).toContain('<figcaption class="layout-quote__source">Jonah</figcaption>');
      expect(one('line')).toContain('<hr class="layout-line">');
      expect(one('spacer', { height: { desktop: 96, mobile: 24 } })).toContain('style="--spacer-height:96px;--spacer-height-mobile:24px"');
    });

    it('accordion: native details, the first open, one group when only one may be open', () => {
      const items = [
        { title: 'How long?', html: '<p>Two hours.</p>' },
        { title: 'What to bring?', html: '<p>An apron.</p>' },
      ];
      const grouped = one('accordion', { items, openFirst: true, allowMultiple: false });
      expect(tags(grouped, /<details ([^>]*)>/g)).toEqual([
        'class="layout-accordion__item" name="accordion-b-1" open',
        'class="layout-accordion__item" name="accordion-b-1"',
      ]);
      expect(grouped).toContain('<summary class="layout-accordion__title">How long?</summary>');
      expect(grouped).toContain('<div class="layout-accordion__body prose"><p>Two hours.</p></div>');
      expect(tags(one('accordion', { items }), /<details ([^>]*)>/g)).toEqual(['class="layout-accordion__item"', 'class="layout-accordion__item"']);
    });

    it('code: the HTML only inside a sandboxed frame with a title, never in the page', () => {
      const html = one('code', { html: '<script>alert("x")</script><p onclick="x()">Hi</p>' });
      expect(html).toContain('<iframe class="layout-code" sandbox="allow-scripts" srcdoc="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(html).toContain('title="Embedded content"');
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<p onclick');
    });

    it("social: the block's links, else the site's accounts; text only with style text", () => {
      const own = one('social', { links: ['https://www.youtube.com/@tessera', 'https://mastodon.social/@tessera'], style: 'text' });
      expect(own).toContain('<div class="layout-social layout-social--text">');
      expect(own).toContain('href="https://www.youtube.com/@tessera" rel="me noopener"');
      expect(own).toContain('<span>YouTube</span>');
      expect(own).toContain('<span>mastodon</span>');
      expect(own).not.toContain('instagram.com');
      const site = one('social');
      expect(site).toContain('href="https://instagram.com/tessera"');
      expect(site).toContain('<span>Instagram</span>');
    });

    it('chart: bar, line and pie as inline SVG with a title, a legend and the data as a table, no script', () => {
      const data = {
        title: 'Cups sold',
        columns: ['Month', 'Latte', 'Filter'],
        rows: [
          ['Jan', '10', '4'],
          ['Feb', '20', '8'],
          ['Mar', '15', '12'],
        ],
        showLegend: true,
      };
      const bar = one('chart', data);
      expect(bar).toContain('<figure class="layout-chart layout-chart--bar">');
      expect(bar).toContain('<figcaption class="layout-chart__title">Cups sold</figcaption>');
      expect(bar).toContain('role="img" aria-label="Cups sold"');
      expect(tags(bar, /<rect [^>]*><title>([^<]+)<\/title>/g)).toEqual([
        'Jan, Latte: 10',
        'Jan, Filter: 4',
        'Feb, Latte: 20',
        'Feb, Filter: 8',
        'Mar, Latte: 15',
        'Mar, Filter: 12',
      ]);
      expect(tags(bar, /<li><span class="layout-chart__swatch[^>]*><\/span>([^<]+)<\/li>/g)).toEqual(['Latte', 'Filter']);
      expect(bar).toContain('<thead><tr><th scope="col">Month</th><th scope="col">Latte</th><th scope="col">Filter</th></tr></thead>');
      expect(bar).toContain('<tr><td>Feb</td><td>20</td><td>8</td></tr>');
      expect(bar).not.toContain('<script');
      const line = one('chart', data, { variant: 1009 });
      expect(tags(line, /<polyline points="([^"]+)"/g)).toHaveLength(2);
      expect(line).toContain('<circle cx="324" cy="16" r="4"><title>Feb, Latte: 20</title></circle>');
      const pie = one('chart', { ...data, showLegend: false }, { variant: 1010 });
      expect(tags(pie, /<path class="layout-chart__color-\d" d="(M[^"]+)"/g)).toHaveLength(3);
      expect(pie).toContain('<title>Jan: 10</title>');
      expect(pie).not.toContain('layout-chart__legend');
      // One value only: a whole circle, as an arc cannot start and end at one point.
      expect(one('chart', { columns: ['Bean', 'Kg'], rows: [['Guji', '5']] }, { variant: 1010 })).toContain(
        '<circle class="layout-chart__color-0" cx="300" cy="160" r="144">',
      );
    });
  });

  describe(`${label} page layouts: the demo pages`, () => {
    it('renders home, about and contact from their sections, each with one h1', () => {
      for (const [path, h1] of [
        ['/', 'Coffee and stoneware, made in Hudson'],
        ['/about', 'Our story'],
        ['/contact', 'Contact us'],
      ] as const) {
        const { template, context } = pageFor(path);
        const out = compile(source(template)).render(context, { partials, now: Date.parse('2026-11-21T12:00:00Z'), locale: 'en-US' });
        expect(out.errors, path).toEqual([]);
        expect(out.output, path).toContain('<div class="page-layout" data-layout>');
        expect(tags(out.output, /<h1[^>]*>([^<]*)</g), path).toEqual([h1]);
      }
    });
  });
}
