// Content formatters: images (meta, colour, srcset, resizing), video and audio, item classes, dates of
// events, colours and text helpers. Rules and strings come from @tessera/core.

import { escapeHtmlAttr, escapeHtmlText } from '@tessera/core/html';
import {
  INVALID_SOURCE,
  RecordType,
  colorWeight,
  googleCalendarUrl,
  humanizeDuration,
  imageFocalPoint,
  imageLoadingAttributes,
  isOnSale,
  isSoldOut,
  parseOriginalSize,
  relativeTime,
  resizedHeightForWidth,
  resizedWidthForHeight,
  srcsetFromVariants,
  stripTags,
  thumbnailWidthBucket,
  toEpochMs,
  websiteColorCss,
  TIMESINCE,
} from '@tessera/core';
import { asInt, asNumber, asString } from './convert.js';
import { isTruthy } from '../runtime/values.js';
import { dig, field, text } from './html.js';
import { COLOR_POSITIONS, altText, focalPoint, imageMetaAttributes } from './image.js';
import { productOf } from './product.js';
import type { Formatter, FormatterTable, PluginContext } from './types.js';

const isImage = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0;

// A missing image writes nothing; anything else writes its attributes, empty where it has no values.
const imageMeta: Formatter = (image) => (image === undefined ? '' : imageMetaAttributes(image));

const childImageMeta: Formatter = (value, args) => {
  const items = field(value, 'items');
  const index = args.length > 0 ? parseInt(args[0], 10) : 0;
  const child = Array.isArray(items) && index >= 0 ? items[index] : undefined;
  return child === undefined ? '' : imageMetaAttributes(child);
};

const coverImageMeta: Formatter = (value) => {
  const cover = field(value, 'coverImage');
  return cover === undefined ? '' : imageMetaAttributes(cover);
};

// Image blocks (blockType 5) were given an altText of their own when alt text became a field: inside one,
// the image's altText is the alt text even when it is empty, so that an owner's empty alt (a decorative
// image) is not replaced by its title. Else the image's own alt text comes first, as the Java reference
// engine writes it; then an image block's alt text on the block (`info.altText`, found through the
// sections); then the image's title, body or file name.
const IMAGE_BLOCK = 5;

function blockAltText(img: unknown, ctx: PluginContext): string {
  const blockType = ctx.resolve('blockType');
  if (blockType !== undefined && blockType !== null && asNumber(blockType) === IMAGE_BLOCK) return stripTags(asString(field(img, 'altText'))).trim();
  const own = stripTags(asString(field(img, 'altText'))).trim();
  if (own !== '') return own;
  const alt = asString(field(ctx.resolve('info'), 'altText')).trim();
  return alt !== '' ? alt : altText(img);
}

const image: Formatter = (img, args, ctx) => {
  const cls = args.length > 0 ? args[0] : 'thumb-image';
  const alt = blockAltText(img, ctx);
  return (
    `<noscript><img src="${escapeHtmlAttr(text(field(img, 'assetUrl')))}" alt="${escapeHtmlAttr(alt)}" /></noscript>` +
    `<img class="${escapeHtmlAttr(cls)}" ${imageMetaAttributes(img, alt)}data-load="false"` +
    ` data-image-id="${escapeHtmlAttr(text(field(img, 'id')))}" data-type="image" />`
  );
};

// `{img|image-color}` writes every average colour as a data attribute; `{img|image-color topLeft}` one
// colour; `{img|image-color topLeft name}` one as a CSS declaration `name: #111`.
const imageColor: Formatter = (img, args, ctx) => {
  const data = field(img, 'colorData');
  if (data === undefined || data === null || typeof data !== 'object') return '';
  if (args.length === 0) {
    return COLOR_POSITIONS.map((p) => [p, field(data, `${p}Average`)] as const)
      .filter(([, c]) => typeof c === 'string')
      .map(([p, c]) => `data-color-${p}="#${escapeHtmlAttr(c as string)}"`)
      .join(' ');
  }
  const color = field(data, `${args[0]}Average`);
  if (typeof color !== 'string') {
    ctx.error(`"${args[0]}" not found.`);
    return `"${args[0]}" not found.`;
  }
  return args.length > 1 ? `${args[1]}: #${color}` : `#${color}`;
};

// `alt="..."` of an image with the spec's fallback: its alt text, else its title, else its body without
// tags cut to 250 characters, else its file name (Tessera's own: themes that write their own <img>).
const imageAlt: Formatter = (img) => `alt="${escapeHtmlAttr(altText(img))}"`;

// `loading` and `fetchpriority` of an <img> from the spec's priority rule: `high` loads eagerly with a
// high fetch priority (the picture a page opens on), `low` lazily with a low one, no argument lazily.
const imageLoading: Formatter = (_value, args, ctx) => {
  const priority = args[0];
  if (priority !== undefined && priority !== 'high' && priority !== 'low') {
    ctx.error(`Image priority must be "high", "low" or unset, got "${priority}".`);
  }
  const { loading, fetchPriority } = imageLoadingAttributes(priority === 'high' || priority === 'low' ? priority : undefined);
  return `loading="${loading}"${fetchPriority ? ` fetchpriority="${fetchPriority}"` : ''}`;
};

// The image service's tiny copy (a data URL of a few hundred bytes) as the picture's background, over its
// centre colour, so a lazy picture shows a blurred preview in its place until it arrives. Only for an
// opaque kind of file (a JPEG): behind a transparent PNG or WebP the preview would stay visible.
const PLACEHOLDER_URL = /^data:image\/(?:webp|jpeg|png);base64,[A-Za-z0-9+/]+=*$/;
const HEX = /^[0-9a-f]{6}$/i;
const imagePlaceholder: Formatter = (img) => {
  if (field(img, 'contentType') !== 'image/jpeg') return '';
  const url = field(img, 'placeholder');
  const centre = dig(img, 'colorData', 'centerAverage');
  const layers: string[] = [];
  if (typeof centre === 'string' && HEX.test(centre)) layers.push(`#${centre}`);
  if (typeof url === 'string' && PLACEHOLDER_URL.test(url)) {
    const { x, y } = imageFocalPoint(field(img, 'mediaFocalPoint'));
    layers.push(`url(${url}) ${Math.round(x * 100)}% ${Math.round(y * 100)}% / cover no-repeat`);
  }
  return layers.length === 0 ? '' : `style="background:${layers.join(' ')}"`;
};

const imageSrcset: Formatter = (img) => {
  const srcset = srcsetFromVariants(text(field(img, 'assetUrl')), field(img, 'systemDataVariants'));
  return srcset === '' ? '' : `srcset="${escapeHtmlAttr(srcset)}"`;
};

/** A size helper on an "WxH" value: the spec's message (written and reported) for anything else. */
function sized(fn: (size: string, n: number) => number | string): Formatter {
  return (value, args, ctx) => {
    try {
      parseOriginalSize(value);
    } catch {
      ctx.error(INVALID_SOURCE);
      return INVALID_SOURCE;
    }
    const n = args.length > 0 ? asNumber(args[0]) : 0;
    return fn(value as string, Number.isFinite(n) ? n : 0);
  };
}

const video: Formatter = (item, args) => {
  const oembed = field(item, 'oembed');
  const load = args.includes('load-false') ? ' data-load="false" ' : '';
  let overlay = '';
  if (field(item, 'overlay') === true) {
    const hasThumb = isImage(field(item, 'mainImageId')) || typeof field(item, 'mainImageId') === 'string';
    let img = '';
    if (hasThumb) {
      const colors = args.includes('color-data')
        ? COLOR_POSITIONS.map((p) => [p, dig(item, 'colorData', `${p}Average`)] as const)
            .filter(([, c]) => typeof c === 'string')
            .map(([p, c]) => ` data-color-${p.toLowerCase()}="#${escapeHtmlAttr(c as string)}"`)
            .join('')
        : '';
      img =
        `<img data-load="false" data-src="${escapeHtmlAttr(text(field(item, 'assetUrl')))}"` +
        ` data-image-dimensions="${escapeHtmlAttr(text(field(item, 'originalSize')))}" data-image-focal-point="${focalPoint(item)}"${colors} />`;
    }
    overlay =
      `<div class="sqs-video-overlay${hasThumb ? '' : ' no-thumb'}" style="opacity: 0;">${img}` +
      `<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>`;
  }
  return (
    `<div class="sqs-video-wrapper" ${load}data-html="${escapeHtmlAttr(text(field(oembed, 'html')))}"` +
    ` data-provider-name="${escapeHtmlAttr(text(field(oembed, 'providerName')))}">${overlay}</div>`
  );
};

// The audio player placeholder, with the script that loads the player, as the reference engines write it.
const audioPlayer: Formatter = (item) => {
  const id = escapeHtmlAttr(text(field(item, 'id')));
  return (
    "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
    `<div class="squarespace-audio-player" data-audio-asset-url="${escapeHtmlAttr(text(dig(item, 'structuredContent', 'audioAssetUrl')))}"` +
    ` data-item-id="${id}" id="audio-player-${id}"></div>`
  );
};

// Lower case, letters, digits, hyphens and white space kept, each run of white space a hyphen.
const slug = (s: string) =>
  s
    .replace(/[^a-zA-Z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();

function slugClasses(prefix: string, list: unknown): string {
  if (!Array.isArray(list)) return '';
  let out = '';
  for (const c of list) out += ` ${prefix}-${slug(asString(c))}`;
  return out;
}

// The classes of an entry in a list: its promotion, categories, tags, author, post type, place in the
// list, and for store items the sale and stock state. Each field is read from the formatted entry first,
// then, when the entry lacks it, through the enclosing sections as a variable would be (so `{item|item-classes}`
// outside a section on the item still shows the item's tags); `post-type-` is written even when the entry
// has no recordTypeLabel (the reference engines do all of this: pages rely on the class list being the same).
const itemClasses: Formatter = (item, _args, ctx) => {
  const look = (name: string) => (item !== null && typeof item === 'object' && name in item ? (item as Record<string, unknown>)[name] : ctx.resolve(name));
  let classes = 'hentry';
  const promoted = look('promotedBlockType');
  if (isTruthy(promoted)) classes += ` promoted promoted-block-${slug(asString(promoted))}`;
  const categories = look('categories');
  if (isTruthy(categories)) classes += slugClasses('category', categories);
  const tags = look('tags');
  if (isTruthy(tags)) classes += slugClasses('tag', tags);
  const author = look('author');
  const name = field(author, 'displayName');
  if (isTruthy(author) && isTruthy(name)) classes += ` author-${slug(asString(name))}`;
  classes += ` post-type-${asString(look('recordTypeLabel'))}`;
  const index = ctx.resolve('@index');
  if (index !== undefined) classes += ` article-index-${asInt(index)}`;
  if (isTruthy(look('starred'))) classes += ' featured';
  if (asInt(field(item, 'recordType')) === RecordType.STORE_ITEM) {
    const product = productOf(item);
    if (isOnSale(product)) classes += ' on-sale';
    if (isSoldOut(product)) classes += ' sold-out';
  }
  return classes;
};

// A missing date reads as 0 (1970-01-01), as the reference engines read a missing number; a value that is
// there but is no date is the error.
const timesince: Formatter = (found, _args, ctx) => {
  const value = found === undefined || found === null ? 0 : found;
  const ms = toEpochMs(value);
  const label = relativeTime(value, ctx.now);
  if (ms === undefined) ctx.error(label);
  return `<span class="${TIMESINCE.class}" ${TIMESINCE.attributes.date}="${ms ?? ''}">${escapeHtmlText(label)}</span>`;
};

const googleCalendar: Formatter = (item, _args, ctx) => {
  try {
    const loc = field(item, 'location');
    return googleCalendarUrl({
      title: text(field(item, 'title')),
      // A date the event does not have reads as 0 (1970-01-01), as in the reference engines.
      startDate: field(item, 'startDate') ?? 0,
      endDate: field(item, 'endDate') ?? 0,
      location:
        loc && typeof loc === 'object'
          ? {
              addressLine1: text(field(loc, 'addressLine1')).trim(),
              addressLine2: text(field(loc, 'addressLine2')).trim(),
              addressCountry: text(field(loc, 'addressCountry')).trim(),
            }
          : undefined,
    });
  } catch (e) {
    ctx.error((e as Error).message);
    return '';
  }
};

const websiteColor: Formatter = (value, _args, ctx) => {
  const c = (k: string) => field(value, k);
  const result = websiteColorCss({ hue: c('hue'), saturation: c('saturation'), lightness: c('lightness'), alpha: c('alpha') });
  if ('css' in result) return result.css;
  for (const m of result.errors) ctx.error(m);
  return result.errors.join(' ');
};

// A URL (http, https, ftp or file; trailing punctuation left out) becomes a link that opens in a new
// window; then `@FooBar` links to the profile and `#Foo` to the hashtag, each at the start or after a space,
// as both reference engines link them (so a `#` or `@` inside a URL is left alone).
const URL_IN_TEXT = /\b(?:https?|ftp|file):\/\/[-a-z0-9+&@#/%?=~_|!:,.;]*[-a-z0-9+&@#/%=~_|]/gi;
const activateTwitterLinks: Formatter = (value) =>
  asString(value)
    .replace(URL_IN_TEXT, '<a target="new" href="$&">$&</a>')
    .replace(/(^| )@(\w+)/g, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(/(^| )#(\w+)/g, '$1<a target="new" href="https://twitter.com/hashtag/$2?src=hash">#$2</a>');

function absUrl(value: unknown, ctx: PluginContext): string {
  const base = text(ctx.resolve('base-url'));
  return `${base}/${asString(value)}`;
}

export const contentFormatters: FormatterTable = {
  image,
  'image-meta': imageMeta,
  'child-image-meta': childImageMeta,
  'cover-image-meta': coverImageMeta,
  'image-color': imageColor,
  'image-srcset': imageSrcset,
  'image-alt': imageAlt,
  'image-loading': imageLoading,
  'image-placeholder': imagePlaceholder,
  resizedHeightForWidth: sized((s, n) => resizedHeightForWidth(s, n)),
  resizedWidthForHeight: sized((s, n) => resizedWidthForHeight(s, n)),
  squarespaceThumbnailForWidth: sized((_s, n) => thumbnailWidthBucket(n)),
  squarespaceThumbnailForHeight: sized((s, n) => thumbnailWidthBucket(resizedWidthForHeight(s, n))),
  video,
  'audio-player': audioPlayer,
  'item-classes': itemClasses,
  timesince,
  humanizeDuration: (v) => humanizeDuration(v),
  'humanize-duration': (v) => humanizeDuration(v),
  'google-calendar-url': googleCalendar,
  capitalize: (v) => asString(v).toUpperCase(),
  AbsUrl: (v, _a, ctx) => absUrl(v, ctx),
  'activate-twitter-links': activateTwitterLinks,
  'color-weight': (v) => colorWeight(asString(v)) ?? '',
  'website-color': websiteColor,
};
