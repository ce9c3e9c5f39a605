import { describe, expect, it } from 'vitest';
import {
  INVALID_SOURCE,
  SRCSET_WIDTHS,
  THUMBNAIL_WIDTH_THRESHOLDS,
  assertImageProps,
  imageAltText,
  imageFocalPoint,
  imageLoadingAttributes,
  imageServiceSrcset,
  parseOriginalSize,
  resizedHeightForWidth,
  resizedWidthForHeight,
  stripTags,
  thumbnailForHeight,
  thumbnailWidthBucket,
  tryParseOriginalSize,
  validateImageProps,
} from '../src/image/index.js';
import { jsontCasesDir, pluginCases } from './helpers/cases.js';

const casesDir = jsontCasesDir();
const valid = { src: '/a.jpg', width: 800, height: 600, alt: '', sizes: '100vw' };

describe('image props', () => {
  it('accept valid props for both loaders', () => {
    expect(validateImageProps(valid)).toEqual([]);
    expect(validateImageProps({ ...valid, loader: 'sqs', priority: 'high' })).toEqual([]);
    expect(validateImageProps({ src: '/a.jpg', width: 1, height: 1, alt: 'A', loader: 'raw', srcset: '/a.jpg 1x' })).toEqual([]);
    expect(() => assertImageProps(valid)).not.toThrow();
  });

  it('report each violation clearly', () => {
    expect(validateImageProps({})).toEqual([
      'Image "src" is required.',
      'Image "width" is required.',
      'Image "height" is required.',
      'Image "alt" is required (use an empty string for a decorative image).',
      'Image "sizes" is required with loader "sqs".',
    ]);
    expect(validateImageProps({ ...valid, width: 0, height: 1.5 })).toEqual([
      'Image "width" must be a positive integer, got 0.',
      'Image "height" must be a positive integer, got 1.5.',
    ]);
    expect(validateImageProps({ ...valid, width: '800' })).toEqual(['Image "width" must be a positive integer, got "800".']);
    expect(validateImageProps({ ...valid, alt: undefined })).toHaveLength(1);
    expect(validateImageProps({ ...valid, priority: 'urgent' })).toEqual(['Image "priority" must be "high", "low" or unset, got "urgent".']);
    expect(validateImageProps({ ...valid, loader: 'cdn' })).toEqual(['Image "loader" must be "sqs" or "raw", got "cdn".']);
    expect(validateImageProps({ ...valid, srcset: '/a.jpg 1x' })).toEqual(['Image "srcset" is allowed only with loader "raw".']);
    expect(validateImageProps({ ...valid, sizes: undefined, loader: 'raw' })).toEqual([]);
    expect(() => assertImageProps({ ...valid, src: '' })).toThrow('Image "src" is required.');
  });

  it('load by priority', () => {
    expect(imageLoadingAttributes('high')).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(imageLoadingAttributes('low')).toEqual({ loading: 'lazy', fetchPriority: 'low' });
    expect(imageLoadingAttributes(undefined)).toEqual({ loading: 'lazy' });
  });
});

describe('image sizes', () => {
  it('know the srcset widths and build an image-service srcset', () => {
    expect(SRCSET_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
    expect(imageServiceSrcset('/a.jpg', [100, 300])).toBe('/a.jpg?format=100w 100w, /a.jpg?format=300w 300w');
    expect(imageServiceSrcset('/a.jpg?v=2', [100])).toBe('/a.jpg?v=2&format=100w 100w');
    expect(imageServiceSrcset('/a.jpg').split(', ')).toHaveLength(7);
  });

  it('bucket thumbnail widths at 100, 300, 500, 750, 1000', () => {
    expect(THUMBNAIL_WIDTH_THRESHOLDS).toEqual([100, 300, 500, 750, 1000]);
    const cases: [number, string][] = [
      [0, '100w'],
      [100, '100w'],
      [101, '300w'],
      [300, '300w'],
      [301, '500w'],
      [500, '500w'],
      [501, '750w'],
      [750, '750w'],
      [751, '1000w'],
      [1000, '1000w'],
      [1001, '1500w'],
      [5000, '1500w'],
    ];
    for (const [w, bucket] of cases) expect(thumbnailWidthBucket(w), String(w)).toBe(bucket);
  });

  it('parse originalSize and resize', () => {
    expect(parseOriginalSize('1500x983')).toEqual({ width: 1500, height: 983 });
    for (const bad of ['1000', 'x', '0x10', '10x', 'axb', 1000, undefined]) {
      expect(tryParseOriginalSize(bad)).toBeUndefined();
      expect(() => parseOriginalSize(bad)).toThrow("Invalid source parameter. Pass in 'originalSize'");
    }
    expect(INVALID_SOURCE).toBe("Invalid source parameter. Pass in 'originalSize'");
    expect(resizedHeightForWidth('400x100', 50)).toBe(12);
    expect(resizedWidthForHeight('250x175', 50)).toBe(71);
    expect(thumbnailForHeight('400x100', 50)).toBe('300w');
  });

  it.skipIf(!casesDir)('reproduce the resized case file', () => {
    for (const c of pluginCases(casesDir!, /^f-resized-/)) {
      const rows = (c.json as { sizes: string[] }).sizes.map((s) =>
        [s, resizedHeightForWidth(s, 50), resizedWidthForHeight(s, 50), s, thumbnailForHeight(s, 50), thumbnailWidthBucket(50)].join(' '),
      );
      expect(rows.join(' ')).toBe(c.output.replace(/\s+/g, ' '));
    }
  });

  it('read focal points, centred by default', () => {
    expect(imageFocalPoint({ x: 0.3, y: 0.7 })).toEqual({ x: 0.3, y: 0.7 });
    expect(imageFocalPoint(undefined)).toEqual({ x: 0.5, y: 0.5 });
    expect(imageFocalPoint({ x: 2, y: 'a' })).toEqual({ x: 1, y: 0.5 });
  });
});

describe('alt text', () => {
  it('falls back from altText to title, body and file name', () => {
    expect(imageAltText({ altText: 'baz', title: 'T' })).toBe('baz');
    expect(imageAltText({ title: 'T', body: 'B', filename: 'f.jpg' })).toBe('T');
    expect(imageAltText({ title: '', body: '<b>bold</b><div><i>italics</i></div>' })).toBe(' bold   italics  ');
    expect(imageAltText({ body: 'x'.repeat(300) })).toHaveLength(250);
    expect(imageAltText({ filename: 'f.jpg' })).toBe('f.jpg');
    expect(imageAltText({})).toBe('');
    expect(stripTags('a<br/>b')).toBe('a b');
  });

  it.skipIf(!casesDir)('reproduces the alt text of the image case files', () => {
    const cases = [...pluginCases(casesDir!, /^f-image-[2-5]\.html$/), ...pluginCases(casesDir!, /^f-child-image-meta-/)];
    expect(cases.length).toBeGreaterThanOrEqual(9);
    for (const c of cases) {
      const alt = /alt="([^"]*)"/.exec(c.output);
      const ctx = c.json as Record<string, any>;
      const index = Number(/child-image-meta (\d+)/.exec(c.template)?.[1] ?? 0);
      const image = c.template.includes('child-image-meta') ? ctx.items[index] : (ctx.img ?? ctx);
      if (!alt) {
        expect(image, c.file).toBeUndefined();
        continue;
      }
      expect(imageAltText(image), c.file).toBe(alt[1]);
    }
  });
});
