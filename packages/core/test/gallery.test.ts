import { describe, expect, expectTypeOf, it } from 'vitest';
import { DEFAULT_GALLERY_OPTIONS, GALLERY_OPTION_SPECS, parseGalleryOptions, type GalleryOptions } from '../src/gallery/index.js';

describe('gallery options', () => {
  it('default as the spec table says', () => {
    expect(DEFAULT_GALLERY_OPTIONS).toEqual({
      design: 'grid',
      autoplay: false,
      'autoplay-duration': 5,
      controls: false,
      'auto-crop': true,
      'aspect-ratio': 'square',
      'square-thumbs': true,
      thumbnails: false,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
      'show-meta-basic': true,
      'show-meta': true,
      'show-meta-only-title': false,
      'meta-position': 'bottom',
      'show-meta-on-hover': false,
      'active-alignment': 'center',
      'thumbnails-per-row': 4,
      padding: 20,
      lightbox: false,
      lightboxTheme: 'dark',
      'max-width': 300,
      newWindow: false,
      transparentBackground: false,
    });
    expect(parseGalleryOptions({})).toEqual({ options: DEFAULT_GALLERY_OPTIONS, problems: [] });
    expect(parseGalleryOptions(undefined).problems).toEqual([]);
  });

  it('read valid values, including text from block data', () => {
    const { options, problems } = parseGalleryOptions({
      design: 'slideshow',
      autoplay: 'true',
      'autoplay-duration': '2.5',
      'aspect-ratio': 'anamorphic-widescreen',
      'thumbnail-strip-height': 0,
      'thumbnail-strip-margin': '60',
      'meta-position': 'top-left',
      'active-alignment': 'right',
      'thumbnails-per-row': 10,
      padding: 0,
      lightboxTheme: 'light',
      'max-width': 100,
      newWindow: true,
      indicators: true,
    });
    expect(problems).toEqual([]);
    expect(options).toMatchObject({
      design: 'slideshow',
      autoplay: true,
      'autoplay-duration': 2.5,
      'aspect-ratio': 'anamorphic-widescreen',
      'thumbnail-strip-height': 0,
      'thumbnail-strip-margin': 60,
      'meta-position': 'top-left',
      'active-alignment': 'right',
      'thumbnails-per-row': 10,
      padding: 0,
      lightboxTheme: 'light',
      'max-width': 100,
      newWindow: true,
    });
    expect(options).not.toHaveProperty('indicators');
    expectTypeOf(options).toEqualTypeOf<GalleryOptions>();
    expectTypeOf(options.padding).toEqualTypeOf<number>();
    expectTypeOf(options.design).toEqualTypeOf<'grid' | 'slideshow' | 'slider' | 'stacked'>();
  });

  it('read carousel as the slider design', () => {
    expect(parseGalleryOptions({ design: 'carousel' }).options.design).toBe('slider');
    expect(parseGalleryOptions({ design: 'slider' }).options.design).toBe('slider');
  });

  it('fall back to the default for each bad value and report it', () => {
    const { options, problems } = parseGalleryOptions({
      design: 'unknown',
      'autoplay-duration': 11,
      'thumbnail-strip-height': 201,
      'thumbnail-strip-margin': -1,
      'thumbnails-per-row': 2.5,
      padding: 'lots',
      'max-width': 99,
      lightboxTheme: 'sepia',
      autoplay: 'yes',
      'aspect-ratio': 4,
      'meta-position': 'middle',
      'active-alignment': null,
    });
    expect(options).toEqual(DEFAULT_GALLERY_OPTIONS);
    expect(problems.map((p) => p.option)).toEqual([
      'design',
      'autoplay',
      'autoplay-duration',
      'aspect-ratio',
      'thumbnail-strip-height',
      'thumbnail-strip-margin',
      'meta-position',
      'thumbnails-per-row',
      'padding',
      'lightboxTheme',
      'max-width',
    ]);
    expect(problems[0]).toEqual({
      option: 'design',
      value: 'unknown',
      message: 'Gallery option "design" must be one of grid, slideshow, slider, stacked; got "unknown", using the default "grid".',
    });
    expect(problems.find((p) => p.option === 'padding')!.message).toBe(
      'Gallery option "padding" must be a number between 0 and 50; got "lots", using the default 20.',
    );
    expect(problems.find((p) => p.option === 'thumbnails-per-row')!.message).toBe(
      'Gallery option "thumbnails-per-row" must be a whole number between 1 and 10; got 2.5, using the default 4.',
    );
    expect(problems.find((p) => p.option === 'max-width')!.message).toBe(
      'Gallery option "max-width" must be between 100 and 300; got 99, using the default 300.',
    );
  });

  it('check every numeric range at its edges', () => {
    for (const [name, spec] of Object.entries(GALLERY_OPTION_SPECS)) {
      if (spec.kind !== 'number') continue;
      for (const ok of [spec.min, spec.max]) expect(parseGalleryOptions({ [name]: ok }).problems, `${name}=${ok}`).toEqual([]);
      for (const bad of [spec.min - 1, spec.max + 1]) expect(parseGalleryOptions({ [name]: bad }).problems, `${name}=${bad}`).toHaveLength(1);
    }
  });
});
