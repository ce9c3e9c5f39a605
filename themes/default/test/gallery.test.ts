// The gallery block renders each design of the gallery option table with its options applied, and a
// bad option value falls back to its default (the server reads the options with the core reader).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGalleryOptions } from '@tessera/core/gallery';
import { compile } from '@tessera/template';
import { describe, expect, it } from 'vitest';
import { NOW, pageFor } from './page-context.js';

const THEME = join(import.meta.dirname, '..');
const source = (path: string) => readFileSync(join(THEME, path), 'utf8');
const partials = Object.fromEntries(readdirSync(join(THEME, 'blocks')).map((f) => [f, source(`blocks/${f}`)]));

/** The demo gallery's list page with the given raw options, as the server reads them. */
function render(raw: Record<string, unknown>) {
  const { template, context } = pageFor('/gallery');
  context.collection = { ...context.collection, galleryOptions: parseGalleryOptions(raw).options };
  const out = compile(source(template)).render(context, { partials, now: NOW, locale: 'en-US' });
  expect(out.errors).toEqual([]);
  return out.output;
}

const root = (html: string) => { const m = /<div class="gallery [^>]*>/.exec(html); if (!m) throw new Error(html); return m[0]; };

describe('gallery designs', () => {
  it('renders the grid by default with the default options', () => {
    const html = render({});
    const el = root(html);
    expect(el).toContain('gallery--grid');
    expect(el).toContain('gallery--ratio-square');
    expect(el).toContain('gallery--crop');
    expect(el).toContain('--gallery-padding: 20px; --gallery-per-row: 4; --gallery-max-width: 300px');
    expect(el).not.toContain('aria-roledescription');
    expect(html).toContain('<figcaption class="gallery__meta"><span class="gallery__title">Roastery at dawn</span>');
    expect(html).not.toContain('gallery__controls');
    console.log(html);
  });
});
