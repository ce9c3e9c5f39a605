// Type predicates: what kind of content the current node is, from its `recordType` code or its
// `promotedBlockType` name. `{.image?}` holds on an item whose recordType is 2.
//
// Record type codes (spec, platform.md "RecordType" for the ones it lists; the conformance corpus shows the
// others): the enumeration itself will live in @tessera/core, which this issue must not depend on yet.

import { getKey } from '../runtime/values.js';
import { asNumber } from './convert.js';
import type { Predicate, PredicateTable } from './types.js';

const RECORD_TYPES: Readonly<Record<string, number>> = {
  undefined: -1, text: 1, image: 2, quote: 4, link: 5, audio: 7, video: 8, 'store-item': 11, event: 12,
  gallery: 14, binary: 15, 'css-asset': 16, 'tweak-asset': 17, 'digital-good': 18, attachment: 19,
  'wordpress-export': 20, 'json-export': 21, 'site-search': 30, 'active-time': 31, tweet: 50, checkin: 52,
  kbarticle: 54,
};

const PROMOTED_BLOCK_TYPES = ['code', 'embed', 'form', 'foursquare', 'image', 'instagram', 'link', 'map', 'quote', 'twitter', 'video'];

function recordType(code: number): Predicate {
  return (node) => {
    const v = getKey(node, 'recordType', -1);
    return (typeof v === 'number' || typeof v === 'string') && asNumber(v) === code;
  };
}

function promoted(name: string): Predicate {
  return (node) => getKey(node, 'promotedBlockType', -1) === name;
}

export const typePredicates: PredicateTable = {
  ...Object.fromEntries(Object.entries(RECORD_TYPES).map(([name, code]) => [`${name}?`, recordType(code)])),
  ...Object.fromEntries(PROMOTED_BLOCK_TYPES.map((name) => [`promoted${name.toUpperCase()}?`, promoted(name)])),
};
