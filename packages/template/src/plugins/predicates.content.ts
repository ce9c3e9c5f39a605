// Content predicates on the current node: record and collection kinds, links, locations, excerpts,
// events, gallery options, promoted blocks, background sources, comments.

import { BackgroundSource, CollectionType, FolderBehavior, RecordType, SliceType, commentsShown, kebabName } from '@tessera/core';
import { asInt, asNumber, asString } from './convert.js';
import { dig, field } from './html.js';
import { dateTimeFormat } from './intl.js';
import { isTruthy } from '../runtime/values.js';
import type { Predicate, PredicateTable, PluginContext } from './types.js';

const is = (v: unknown, code: number) => v !== undefined && v !== null && v !== '' && asNumber(v) === code;

// One predicate per record type: `{.store-item?}` is true when recordType, read as an integer, is 11 (so
// "11" and 11.0 count, a missing one is 0 and matches none). The record types that can also be promoted
// blocks (video, image, quote, link, gallery) are true for an item whose promotedBlockType names them too,
// and `external-video?` is `video?` under another name, as in the reference engines.
const PROMOTED_RECORDS: Readonly<Record<string, string>> = { VIDEO: 'video', IMAGE: 'image', QUOTE: 'quote', LINK: 'link', GALLERY: 'gallery' };
const recordTypes: Record<string, Predicate> = Object.fromEntries(
  Object.entries(RecordType).map(([key, code]) => {
    const promotedAs = PROMOTED_RECORDS[key];
    const test =
      promotedAs === undefined
        ? (node: unknown) => asInt(field(node, 'recordType')) === code
        : (node: unknown) => asInt(field(node, 'recordType')) === code || field(node, 'promotedBlockType') === promotedAs;
    return [`${kebabName(key)}?`, test];
  }),
);
recordTypes['external-video?'] = recordTypes['video?'];

// `{.current-type? body}`: the slide's currentType, an integer, is the code of the slice type named, by its
// exact name ("social-icons"; "Body" or "social_icons" name none), as the reference engines look it up.
const SLICE_TYPES: ReadonlyMap<string, number> = new Map(Object.entries(SliceType).map(([key, code]) => [kebabName(key), code]));
function currentType(node: unknown, args: readonly string[]): boolean {
  const code = args.length > 0 ? SLICE_TYPES.get(args[0]) : undefined;
  return code !== undefined && asInt(field(node, 'currentType')) === code;
}

// A folder entry is clickable when it has no folder behaviour (looked up through the enclosing sections,
// like a variable) or when it opens its index or redirects.
function clickable(_node: unknown, _args: readonly string[], ctx: PluginContext): boolean {
  const behavior = ctx.resolve('folderBehavior');
  if (behavior === undefined) return true;
  const code = asInt(behavior);
  return code === FolderBehavior.INDEX || code === FolderBehavior.REDIRECT;
}

const backgroundSources: Record<string, Predicate> = Object.fromEntries(
  Object.entries(BackgroundSource).map(([key, code]) => [`background-source-${kebabName(key)}?`, (node: unknown) => is(field(node, 'backgroundSource'), code)]),
);

const PROMOTED = ['code', 'embed', 'form', 'foursquare', 'image', 'instagram', 'link', 'map', 'quote', 'twitter', 'video'];
const promoted: Record<string, Predicate> = Object.fromEntries(
  PROMOTED.map((name) => [
    `promoted${name.toUpperCase()}?`,
    (node: unknown) => {
      const t = field(node, 'promotedBlockType');
      return t === name;
    },
  ]),
);

// Gallery predicates read the block's raw options: an option that is not set matches no value.
const option = (node: unknown, name: string) => dig(node, 'options', name);
const galleryValue = (name: string, values: readonly string[]): Record<string, Predicate> =>
  Object.fromEntries(values.map((v) => [`gallery-${name}-${v}?`, (node: unknown) => option(node, name) === v]));
const galleryFlag = (name: string): Record<string, Predicate> => ({ [`gallery-${name}?`]: (node) => isTruthy(option(node, name)) });

// A date the node does not have reads as 0 (1970-01-01), as the reference engines read a missing number: an
// item without dates is on one day, an event with only a start date is not.
const dateOrEpoch = (v: unknown) => (v === undefined || v === null ? 0 : asNumber(v));

function sameDay(node: unknown, _args: readonly string[], ctx: PluginContext): boolean {
  const start = dateOrEpoch(field(node, 'startDate'));
  const end = dateOrEpoch(field(node, 'endDate'));
  if (!Number.isFinite(start) || !Number.isFinite(end)) return false;
  const day = dateTimeFormat('en-US', { timeZone: ctx.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return day.format(start) === day.format(end);
}

export const contentPredicates: PredicateTable = {
  ...recordTypes,
  ...backgroundSources,
  ...promoted,
  ...galleryValue('design', ['grid', 'slideshow', 'slider', 'stacked']),
  ...galleryValue('meta-position', ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right']),
  ...galleryValue('active-alignment', ['left', 'center', 'right']),
  ...['auto-crop', 'autoplay', 'controls', 'lightbox', 'show-meta', 'show-meta-on-hover', 'square-thumbs', 'thumbnails'].reduce(
    (acc, n) => Object.assign(acc, galleryFlag(n)),
    {} as Record<string, Predicate>,
  ),
  'gallery-meta?': (node) => isTruthy(option(node, 'controls')) || isTruthy(option(node, 'indicators')),
  'calendar-view?': (node) => isTruthy(field(node, 'calendarView')),
  'collection?': (node) => isTruthy(field(node, 'collection')),
  'collection-page?': (node) => is(dig(node, 'collection', 'type'), CollectionType.PAGE),
  'collection-template-page?': (node) =>
    is(dig(node, 'collection', 'type'), CollectionType.TEMPLATE_PAGE) || is(field(node, 'type'), CollectionType.TEMPLATE_PAGE),
  'collectionTypeNameEquals?': (_node, args, ctx) => args.length > 0 && asString(ctx.resolve('typeName')) === args[0],
  // An excerpt counts when it holds text once its tags and white space (no-break and zero-width spaces too)
  // are taken out: "<p>\u00a0</p>" is none.
  'excerpt?': (node) => {
    const e = field(node, 'excerpt');
    const html = field(e, 'html');
    const source = typeof html === 'string' ? html : typeof e === 'string' ? e : '';
    return source.replace(/<[^>]*>/g, '').replace(/[\s\u200b\u00a0]+/g, '') !== '';
  },
  'external-link?': (node) => isTruthy(field(node, 'externalLink')),
  'folder?': (node) => isTruthy(dig(node, 'collection', 'folder')),
  'index?': (node) => isTruthy(dig(node, 'collection', 'folder')) && is(dig(node, 'collection', 'folderBehavior'), FolderBehavior.INDEX),
  'redirect?': (node) => is(field(node, 'folderBehavior'), FolderBehavior.REDIRECT),
  'location?': (node) => dig(node, 'location', 'mapLat') !== undefined && dig(node, 'location', 'mapLng') !== undefined,
  // An item has a main image when it names one: its mainImageId, or (an image item itself) its systemDataId.
  'main-image?': (node) => isTruthy(field(node, 'mainImageId')) || isTruthy(field(node, 'systemDataId')),
  'child-images?': (node) => {
    const first = dig(node, 'items', '0');
    return isTruthy(field(first, 'mainImageId')) || isTruthy(field(first, 'systemDataId'));
  },
  'passthrough?': (node) => isTruthy(field(node, 'passthrough')) && asString(field(node, 'sourceUrl')) !== '',
  'show-past-events?': (node) => field(node, 'showPastOrUpcomingEvents') === 'past',
  'serviceNameEmail?': (node) => field(node, 'serviceName') === 'email',
  'same-day?': sameDay,
  'current-type?': currentType,
  'clickable?': clickable,
  'comments?': (node, _args, ctx) => {
    const enabled = ctx.resolve('websiteSettings.commentsEnabled');
    return commentsShown(
      { commentState: field(node, 'commentState'), publicCommentCount: field(node, 'publicCommentCount') },
      enabled === false ? false : undefined,
    );
  },
  // The reference engines read websiteSettings.disqusShortName (capital N), while site data names the
  // field disqusShortname: the block stays false for such data there, and so it does here.
  'disqus?': (_node, _args, ctx) => isTruthy(dig(ctx.resolve('websiteSettings'), 'disqusShortName')),
  // Metric units are not supported yet: the block is false and the error says so.
  'units-metric?': (_node, _args, ctx) => {
    ctx.error('formatter is not yet implemented');
    return false;
  },
};
