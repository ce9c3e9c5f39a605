import sharp, { type Metadata, type Sharp } from 'sharp';
import { colorData, type ColorData, type RawImage } from './color-data.js';
import { JPEG_QUALITY, MAX_INPUT_PIXELS, PLACEHOLDER_WIDTH, WEBP_EFFORT, WEBP_QUALITY, variantWidths } from './limits.js';

/** The formats variants are written in. */
type VariantFormat = 'jpeg' | 'png' | 'webp' | 'gif';

interface ImageVariant {
  readonly width: number;
  readonly height: number;
  readonly format: VariantFormat;
  readonly data: Buffer;
}

/** What the image service makes of one image: its oriented size, colours, placeholder and variants. */
export interface Rendition {
  /** The format of the original, as sharp names it (jpeg, png, webp, gif, heif for AVIF). */
  readonly sourceFormat: string;
  readonly width: number;
  readonly height: number;
  readonly colorData: ColorData;
  /** A data URL of a tiny WebP copy. */
  readonly placeholder: string;
  readonly variants: readonly ImageVariant[];
}

/** The image could not be read or made into variants: `reason` says why, for the log and the owner. */
export class ImageProcessingError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ImageProcessingError';
  }
}

const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * The formats of an image's variants: its own (so a browser without WebP gets what the owner
 * uploaded) and WebP, smaller for the same look. An AVIF original gets JPEG for the browsers that
 * cannot show it. AVIF variants are not made: their encoding takes about ten times as long as the
 * JPEG and WebP variants together (bench/images.mjs), for files little smaller than WebP.
 */
function variantFormats(source: string): VariantFormat[] {
  switch (source) {
    case 'png':
      return ['png', 'webp'];
    case 'gif':
      return ['gif', 'webp'];
    case 'webp':
      return ['webp'];
    default:
      return ['jpeg', 'webp'];
  }
}

/** sharp over the input, refusing images over the pixel limit and failing on a damaged (truncated) file. */
function input(bytes: Buffer): Sharp {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', sequentialRead: true });
}

const raw = (img: RawImage) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels as 3 | 4 } });

async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function encode(img: RawImage, format: VariantFormat): Promise<Buffer> {
  const pipeline = raw(img);
  switch (format) {
    case 'jpeg':
      return (img.channels === 4 ? pipeline.flatten({ background: '#ffffff' }) : pipeline).jpeg({ quality: JPEG_QUALITY }).toBuffer();
    case 'png':
      return pipeline.png().toBuffer();
    case 'gif':
      return pipeline.gif().toBuffer();
    case 'webp':
      return pipeline.webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return `the image is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`;
  if (/premature end|truncated|unexpected end|corrupt|invalid|bad |not a|unsupported image format/i.test(message)) {
    return `the image is damaged or incomplete (${message.split('\n')[0]!.trim()})`;
  }
  return message.split('\n')[0]!.trim();
}

/**
 * Makes the variants of an image: the spec's responsive widths up to its own width, in its format
 * and WebP, with EXIF orientation applied and every metadata block (EXIF, GPS, XMP, ICC) left out;
 * its colorData and placeholder. The image is decoded once, at the widest size needed, and each
 * narrower width is resized from the one above it. Nothing is stored here: a failure leaves nothing
 * behind. Throws ImageProcessingError for an image that cannot be read, is damaged or too large.
 */
export async function renderImage(bytes: Buffer): Promise<Rendition> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageProcessingError(`the image cannot be read (${reasonOf(error)})`);
  }
  if (!meta.format || !READABLE.has(meta.format) || !meta.width || !meta.height)
    throw new ImageProcessingError('the file is not an image the image service reads');
  // Checked before decoding: a decompression bomb is refused from its header alone.
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new ImageProcessingError(`the image is ${meta.width} x ${meta.height} pixels, larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  // An animation would lose its frames: it is served as it is, with its colours and placeholder only.
  const widths = (meta.pages ?? 1) > 1 ? [] : variantWidths(width).reverse();
  try {
    const levels: RawImage[] = [];
    let level = await toRaw(
      input(bytes)
        .rotate()
        .resize({ width: widths[0] ?? Math.min(width, 256), withoutEnlargement: true }),
    );
    for (const w of widths) {
      if (level.width !== w) level = await toRaw(raw(level).resize({ width: w }));
      levels.push(level);
    }
    const formats = variantFormats(meta.format);
    const variants = await Promise.all(
      levels.flatMap((l) => formats.map(async (format) => ({ width: l.width, height: l.height, format, data: await encode(l, format) }))),
    );
    const small = level.width > 64 ? await toRaw(raw(level).resize({ width: 64 })) : level;
    const tiny = await raw(small)
      .resize({ width: Math.min(PLACEHOLDER_WIDTH, small.width) })
      .webp({ quality: 50 })
      .toBuffer();
    return {
      sourceFormat: meta.format,
      width,
      height,
      colorData: colorData(small),
      placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      variants,
    };
  } catch (error) {
    throw new ImageProcessingError(reasonOf(error));
  }
}
