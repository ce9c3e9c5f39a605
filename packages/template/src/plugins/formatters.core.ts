// Core formatters of the language: text escaping and encoding, JSON output, lookups, numbers, partials.

import { escapeHtmlAttr, escapeHtmlText } from '@tessera/core/html';
import { isObject, isTruthy, toText } from '../runtime/values.js';
import { asNumber, asString, readKey, scriptSafeJson, walkKeys } from './convert.js';
import type { Formatter, FormatterTable } from './types.js';

// `url-encode` leaves letters, digits and * + - . / @ _ as they are and percent-encodes everything else as UTF-8.
const urlEncode = (s: string) =>
  encodeURIComponent(s)
    .replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%2B/g, '+')
    .replace(/%2F/g, '/')
    .replace(/%40/g, '@');

// encodeURI throws on lone surrogates; such text is written as is rather than failing the instruction.
const safely = (encode: (s: string) => string, s: string) => {
  try {
    return encode(s);
  } catch {
    return s;
  }
};

// Quotes become typographic: an opening single quote at a line start or after [ - — ( " \ or s,
// an opening double quote at a line start or after [ - — / ( ‘ or white space, closing ones elsewhere;
// `--` becomes an em dash.
function smartypants(s: string): string {
  return s
    .replace(/(^|[-\u2014\\s(["])'/gm, '$1\u2018')
    .replace(/'/g, '\u2019')
    .replace(/(^|[-\u2014/[(\u2018\s])"/gm, '$1\u201c')
    .replace(/"/g, '\u201d')
    .replace(/--/g, '\u2014');
}

// Lower case; letters a-z, digits and hyphens kept, other characters dropped, each run of white space a hyphen.
function slugify(s: string): string {
  const lower = s.toLowerCase();
  let out = '';
  let inSpace = false;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45) {
      out += lower[i];
      inSpace = false;
    } else if (isWhiteSpace(c)) {
      if (!inSpace) out += '-';
      inSpace = true;
    }
    // Any other character is dropped, so the white space around it joins into one run.
  }
  return out;
}

// The characters JavaScript's \s matches.
function isWhiteSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

// Truncate to at most `max` characters, cut back to the last white space when there is one, then add the
// ellipsis (default "..."). Spec: "Truncate default 100 characters with "..."".
function truncate(s: string, args: readonly string[]): string {
  const max = args.length > 0 ? parseInt(args[0], 10) : 100;
  if (!(max > 0) || s.length <= max) return s;
  const ellipsis = args.length > 1 ? args[1] : '...';
  let end = max;
  while (end > 0 && !isWhiteSpace(s.charCodeAt(end - 1))) end--;
  return (end > 0 ? s.slice(0, end) : s.slice(0, max)) + ellipsis;
}

// `{value|get a b}`: each argument is a variable whose value (a key, or an array of keys) is read in turn.
const get: Formatter = (value, args, ctx) => {
  let v = value;
  for (const arg of args) {
    const key = ctx.resolve(arg);
    if (Array.isArray(key)) {
      for (const k of key) v = readKey(v, k);
    } else {
      v = readKey(v, key);
    }
    if (v === undefined) return undefined;
  }
  return v;
};

// `{list|key-by path}`: an object from each element's value at `path` to the element (later ones win).
const keyBy: Formatter = (value, args) => {
  const out: Record<string, unknown> = Object.create(null);
  if (!Array.isArray(value) || args.length === 0) return out;
  for (const item of value) {
    const k = walkKeys(item, [args[0]]);
    if (k === undefined || k === null || typeof k === 'object') continue;
    out[asString(k)] = item;
  }
  return out;
};

// `{list|find-first pred? args}`: the first element (last for find-last) on which the predicate holds,
// evaluated with the element as the current node; without arguments, the first (last) element.
// Without a predicate, as both reference engines read it: `{list|find-first path}` is the first element
// whose `path` is truthy, and `{keys|find-first lookup path}` the first key whose entry in the object at
// the variable `lookup` has `path` truthy.
function finder(fromEnd: boolean): Formatter {
  return (value, args, ctx) => {
    if (!Array.isArray(value) || value.length === 0) return undefined;
    if (args.length === 0) return fromEnd ? value[value.length - 1] : value[0];
    const n = value.length;
    let holds: (item: unknown) => boolean;
    if (args[0].endsWith('?')) {
      const rest = args.slice(1);
      holds = (item) => ctx.predicate(args[0], rest, item);
    } else if (args.length === 1) {
      holds = (item) => isTruthy(walkKeys(item, args));
    } else {
      const lookup = ctx.resolve(args[0]);
      const path = [args[1]];
      holds = (item) => isTruthy(walkKeys(readKey(lookup, toText(item)), path));
    }
    for (let k = 0; k < n; k++) {
      const item = value[fromEnd ? n - 1 - k : k];
      if (holds(item)) return item;
    }
    return undefined;
  };
}

const apply: Formatter = (value, args, ctx) => {
  if (args.length === 0) return undefined;
  let isPrivate = false;
  // Any argument after the name gives the partial an @args object (empty without key=value pairs).
  const kv: Record<string, string> | undefined = args.length > 1 ? {} : undefined;
  for (let k = 1; k < args.length; k++) {
    const a = args[k];
    const eq = a.indexOf('=');
    if (eq >= 0) kv![a.slice(0, eq)] = a.slice(eq + 1);
    else if (a === 'private') isPrivate = true;
  }
  return ctx.applyPartial(args[0], value, { private: isPrivate, args: kv });
};

export const coreFormatters: FormatterTable = {
  apply,
  count: (v) => (typeof v === 'string' || Array.isArray(v) ? v.length : isObject(v) ? Object.keys(v).length : 0),
  // `{@index|cycle a b c}`: the 1-based position picks an argument, wrapping around.
  cycle: (v, args) => {
    const n = asNumber(v);
    if (args.length === 0 || !Number.isInteger(n)) return undefined;
    const i = (((n - 1) % args.length) + args.length) % args.length;
    return args[i];
  },
  'encode-space': (v) => asString(v).replace(/ /g, '&nbsp;'),
  'encode-uri': (v) => safely(encodeURI, asString(v)),
  'encode-uri-component': (v) => safely(encodeURIComponent, asString(v)),
  'find-first': finder(false),
  'find-last': finder(true),
  // `{message|format a b}`: {0}, {1}... in the message become the values of the variables a, b...;
  // any other {placeholder} becomes nothing.
  format: (v, args, ctx) => {
    if (typeof v !== 'string') return v;
    const values = args.map((a) => ctx.resolve(a));
    return v.replace(/\{([^{}]*)\}/g, (_m, inner: string) => {
      const key = inner.trim();
      if (!/^\d+$/.test(key)) return '';
      const i = Number(key);
      return i < values.length ? asString(values[i]) : '';
    });
  },
  get,
  html: (v) => escapeHtmlText(asString(v)),
  htmlattr: (v) => escapeHtmlAttr(asString(v)),
  htmltag: (v) => escapeHtmlAttr(asString(v)),
  iter: (_v, _args, ctx) => ctx.resolve('@index'),
  // A missing value gives empty text (so a following `|json` writes "").
  json: (v) => (v === undefined ? '' : scriptSafeJson(v)),
  'json-pretty': (v) => (v === undefined ? '' : scriptSafeJson(v, 2)),
  'key-by': keyBy,
  'line-breaks': (v) => asString(v).replace(/\n/g, '<br/>'),
  // `{object|lookup a}`: the value of variable a names the key (dotted for a path) to read.
  lookup: (v, args, ctx) => {
    if (args.length === 0) return '';
    const key = ctx.resolve(args[0]);
    if (typeof key === 'number') return readKey(v, key);
    return typeof key === 'string' ? walkKeys(v, [key]) : undefined;
  },
  // The modulus is a whole number; a missing, zero or unreadable one means 2.
  mod: (v, args) => asNumber(v) % (parseInt(args[0] ?? '', 10) || 2),
  output: (_v, args) => args.join(' '),
  pluralize: (v, args) => {
    const [singular, plural] = args.length >= 2 ? [args[0], args[1]] : ['', args.length === 1 ? args[0] : 's'];
    return asNumber(v) === 1 ? singular : plural;
  },
  prop: (v, args) => walkKeys(v, args),
  raw: (v) => JSON.stringify(v === undefined ? null : v),
  round: (v) => Math.round(asNumber(v)),
  safe: (v) => {
    const text = asString(v);
    return text.indexOf('<') < 0 ? text : text.replace(/<[^>]*>/g, '');
  },
  slugify: (v) => slugify(asString(v)),
  smartypants: (v) => smartypants(asString(v)),
  str: (v) => asString(v),
  truncate: (v, args) => truncate(asString(v), args),
  'url-encode': (v) => safely(urlEncode, asString(v)),
  // Image dimensions written "WIDTHxHEIGHT" (an image's originalSize).
  width: (v) => dimension(v, 0),
  height: (v) => dimension(v, 1),
};

// Without an "x" there is nothing to read; with one, a part that is not a number reads as NaN.
function dimension(v: unknown, part: 0 | 1): number | undefined {
  if (typeof v !== 'string') return undefined;
  const x = v.indexOf('x');
  if (x < 0) return undefined;
  if (part === 0) return parseInt(v.slice(0, x), 10);
  const next = v.indexOf('x', x + 1);
  return parseInt(next < 0 ? v.slice(x + 1) : v.slice(x + 1, next), 10);
}
