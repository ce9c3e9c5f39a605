// The image service's pipeline (sharp): the spec's widths up to the original's, in its format and
// WebP, orientation applied, metadata gone, colorData and a placeholder; damaged, oversized and
// unknown files refused with a reason.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageProcessingError, renderImage } from '../../src/media/images.js';
import { sniff } from '../../src/media/sniff.js';
import { photo, pngBomb, SCRIPTED_SVG } from '../helpers/images.js';

describe('image variants', () => {
  it('makes every responsive width up to the original, in its format and WebP', async () => {
    const r = await renderImage(await photo(1200, 800));
    expect(r.sourceFormat).toBe('jpeg');
    expect([r.width, r.height]).toEqual([1200, 800]);
    expect(r.variants.map((v) => `${v.width}x${v.height}.${v.format}`).sort()).toEqual(
      [100, 300, 500, 750, 1000].flatMap((w) => [`${w}x${Math.round((w * 800) / 1200)}.jpeg`, `${w}x${Math.round((w * 800) / 1200)}.webp`]).sort(),
    );
    for (const v of r.variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe(v.format);
      expect(meta.width).toBe(v.width);
    }
  });

  it('keeps the exact width of an original that is a standard width, and makes none of a tiny image', async () => {
    expect((await renderImage(await photo(1500, 300))).variants.map((v) => v.width)).toContain(1500);
    const tiny = await renderImage(await photo(80, 40));
    expect(tiny.variants).toEqual([]);
    expect(tiny.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    // Stored 800 x 400, shown turned a quarter: 400 x 800.
    const turned = await photo(800, 400, { orientation: 6 });
    expect((await sharp(turned).metadata()).orientation).toBe(6);
    const r = await renderImage(turned);
    expect([r.width, r.height]).toEqual([400, 800]);
    const v300 = r.variants.find((v) => v.width === 300 && v.format === 'jpeg')!;
    expect(v300.height).toBe(600);
    const meta = await sharp(v300.data).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif, meta.icc]).toEqual([300, 600, undefined, undefined, undefined]);
  });

  it('keeps PNG transparency and makes PNG and WebP variants of a PNG', async () => {
    const r = await renderImage(await photo(320, 200, { format: 'png', alpha: true }));
    expect(new Set(r.variants.map((v) => v.format))).toEqual(new Set(['png', 'webp']));
    expect((await sharp(r.variants.find((v) => v.format === 'png')!.data).metadata()).hasAlpha).toBe(true);
  });

  it('gives a WebP original WebP variants only', async () => {
    const r = await renderImage(await photo(600, 400, { format: 'webp' }));
    expect(new Set(r.variants.map((v) => v.format))).toEqual(new Set(['webp']));
  });

  it('measures the corner and centre averages as six hex digits', async () => {
    const r = await renderImage(await photo(900, 600));
    expect(Object.keys(r.colorData)).toEqual(['topLeftAverage', 'topRightAverage', 'bottomLeftAverage', 'bottomRightAverage', 'centerAverage']);
    for (const c of Object.values(r.colorData)) expect(c).toMatch(/^[0-9a-f]{6}$/);
    const rgb = (h: string) => [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
    const [tlR, , tlB] = rgb(r.colorData.topLeftAverage);
    const [trR, , trB] = rgb(r.colorData.topRightAverage);
    expect(tlR).toBeGreaterThan(tlB!); // warm on the left
    expect(trB).toBeGreaterThan(trR!); // cool on the right
    expect(rgb(r.colorData.bottomLeftAverage)[0]).toBeLessThan(tlR!); // darker below
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await photo(600, 400);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await expect(renderImage(cut)).rejects.toThrow(ImageProcessingError);
    await expect(renderImage(cut)).rejects.toThrow(/damaged or incomplete/);
  });

  it('refuses a PNG bomb from its header, without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    await expect(renderImage(bomb)).rejects.toThrow('the image is 60000 x 60000 pixels, larger than 100 megapixels');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses what is not a raster image', async () => {
    await expect(renderImage(Buffer.alloc(0))).rejects.toThrow(ImageProcessingError);
    await expect(renderImage(Buffer.from('just some text'))).rejects.toThrow(ImageProcessingError);
    await expect(renderImage(SCRIPTED_SVG)).rejects.toThrow('the file is not an image the image service reads');
  });
});

describe('file types by content', () => {
  it('knows images, video and documents by their bytes, whatever their name', async () => {
    expect(await sniff(await photo(20, 20))).toEqual({ mime: 'image/jpeg', kind: 'image' });
    expect(await sniff(await photo(20, 20, { format: 'png' }))).toEqual({ mime: 'image/png', kind: 'image' });
    expect(await sniff(SCRIPTED_SVG)).toEqual({ mime: 'image/svg+xml', kind: 'image' });
    expect(await sniff(Buffer.from('%PDF-1.4\n%...\n'))).toEqual({ mime: 'application/pdf', kind: 'document' });
    expect(
      await sniff(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d])),
    ).toMatchObject({ kind: 'video' });
    expect(await sniff(Buffer.alloc(0))).toBeUndefined();
    expect(await sniff(Buffer.from('<html><script>alert(1)</script></html>'))).toBeUndefined();
  });
});
