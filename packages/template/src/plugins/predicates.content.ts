// Content predicates on the current node: record and collection kinds, links, locations, excerpts,
// events, gallery options, promoted blocks, background sources, comments.

import { BackgroundSource, CollectionType, FolderBehavior, RecordType, commentsShown, kebabName } from '@tessera/core';
import { asNumber } from './convert.js';
import { dig, field } from './html.js';
import { dateTimeFormat } from './intl.js';
import { isTruthy } from '../runtime/values.js';
import type { Predicate, PredicateTable, PluginContext } from './types.js';

const nonBlank = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const is = (v: unknown, code: number) => v !== undefined && v !== null && v !== '' && asNumber(v) === code;

// One predicate per record type: `{.store-item?}` is true when recordType is 11.
const recordTypes: Record<string, Predicate> = Object.fromEntries(
  Object.entries(RecordType).map(([key, code]) => [`${kebabName(key)}?`, (node: unknown) => is(field(node, 'recordType'), code)]),
);
// A missing record type is UNDEFINED too.

const backgroundSources: Record<string, Predicate> = Object.fromEntries(
  Object.entries(BackgroundSource).map(([key, code]) => [`background-source-${kebabName(key)}?`, (node: unknown) => is(field(node, 'backgroundSource'), code)]),
);

const PROMOTED = ['code', 'embed', 'form', 'foursquare', 'image', 'instagram', 'link', 'map', 'quote', 'twitter', 'video'];
const promoted: Record<string, Predicate> = Object.fromEntries(
  PROMOTED.map((name) => [`promoted${name.toUpperCase()}?`, (node: unknown) => {
    const t = field(node, 'promotedBlockType');
    return t === name;
  }]),
);

// Gallery predicates read the block's raw options: an option that is not set matches no value.
const option = (node: unknown, name: string) => dig(node, 'options', name);
const galleryValue = (name: string, values: readonly string[]): Record<string, Predicate> =>
  Object.fromEntries(values.map((v) => [`gallery-${name}-${v}?`, (node: unknown) => option(node, name) === v]));
const galleryFlag = (name: string): Record<string, Predicate> => ({ [`gallery-${name}?`]: (node) => isTruthy(option(node, name)) });

function sameDay(node: unknown, _args: readonly string[], ctx: PluginContext): boolean {
  const start = asNumber(field(node, 'startDate'));
  const end = asNumber(field(node, 'endDate'));
  if (!Number.isFinite(start) || !Number.isFinite(end) || field(node, 'startDate') === undefined || field(node, 'endDate') === undefined) return false;
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
    (acc, n) => ({ ...acc, ...galleryFlag(n) }), {} as Record<string, Predicate>),
  'gallery-meta?': (node) => isTruthy(option(node, 'controls')) || isTruthy(option(node, 'indicators')),
  'calendar-view?': (node) => isTruthy(field(node, 'calendarView')),
  'collection?': (node) => isTruthy(field(node, 'collection')),
  'collection-page?': (node) => is(dig(node, 'collection', 'type'), CollectionType.PAGE),
  'collection-template-page?': (node) =>
    is(dig(node, 'collection', 'type'), CollectionType.TEMPLATE_PAGE) || is(field(node, 'type'), CollectionType.TEMPLATE_PAGE),
  'collectionTypeNameEquals?': (node, args) => args.length > 0 && field(node, 'typeName') === args[0],
  'excerpt?': (node) => {
    const e = field(node, 'excerpt');
    return nonBlank(typeof e === 'string' ? e : field(e, 'html'));
  },
  'external-link?': (node) => nonBlank(field(node, 'externalLink')),
  'folder?': (node) => isTruthy(dig(node, 'collection', 'folder')),
  'index?': (node) => isTruthy(dig(node, 'collection', 'folder')) && is(dig(node, 'collection', 'folderBehavior'), FolderBehavior.INDEX),
  'redirect?': (node) => is(field(node, 'folderBehavior'), FolderBehavior.REDIRECT),
  'location?': (node) => typeof dig(node, 'location', 'mapLat') === 'number' && typeof dig(node, 'location', 'mapLng') === 'number',
  'main-image?': (node) => nonBlank(field(node, 'mainImageId')) || nonBlank(dig(node, 'mainImage', 'assetUrl')),
  'child-images?': (node) => {
    const first = dig(node, 'items', '0');
    return nonBlank(field(first, 'mainImageId')) || nonBlank(field(first, 'systemDataId'));
  },
  'passthrough?': (node) => field(node, 'passthrough') === true && nonBlank(field(node, 'sourceUrl')),
  'show-past-events?': (node) => field(node, 'showPastOrUpcomingEvents') === 'past',
  'serviceNameEmail?': (node) => field(node, 'serviceName') === 'email',
  'same-day?': sameDay,
  'current-type?': (node, args) => args.length > 0 && field(node, 'currentType') === args[0],
  'external-video?': (node) => isTruthy(field(node, 'oembed')),
  'clickable?': (node) => nonBlank(field(node, 'clickthroughUrl')),
  'comments?': (node, _args, ctx) => {
    const enabled = ctx.resolve('websiteSettings.commentsEnabled');
    return commentsShown(
      { commentState: field(node, 'commentState'), publicCommentCount: field(node, 'publicCommentCount') },
      enabled === false ? false : undefined,
    );
  },
  'disqus?': (_node, _args, ctx) => nonBlank(ctx.resolve('websiteSettings.disqusShortname')),
  // Metric units are not supported yet: the block is false and the error says so.
  'units-metric?': (_node, _args, ctx) => {
    ctx.error('formatter is not yet implemented');
    return false;
  },
};

