// Variable resolution, compiled once per path into a small closure.
//
// `{a.b}`: the first key is looked up in the current frame's node, then in each enclosing frame's node
// until a node has it (a null value counts as found); the other keys are looked up inside that value.
// Sections resolve their path in the current frame only, as the language has always done.
// `@` is the current node, `@index`/`@index0` the position in the nearest repeated section,
// `@name` a variable from the nearest frame that defines it.

import type { VarPath } from '../syntax/nodes.js';
import { findIndex, findVar, type Frame } from './frame.js';
import { arrayIndex, getKey, internalize } from './values.js';

export type Resolver = (f: Frame) => unknown;

function walkRest(rest: readonly string[], idx: readonly number[]): (v: unknown) => unknown {
  const n = rest.length;
  if (n === 0) return (v) => v;
  if (n === 1) {
    const k = rest[0];
    const i = idx[0];
    return (v) => getKey(v, k, i);
  }
  return (v) => {
    for (let j = 0; j < n && v !== undefined; j++) v = getKey(v, rest[j], idx[j]);
    return v;
  };
}

function lookupName(f: Frame, key: string, index: number): unknown {
  for (let fr: Frame | null = f; fr !== null; fr = fr.parent) {
    const node = fr.node;
    if (typeof node === 'object' && node !== null) {
      const v = getKey(node, key, index);
      if (v !== undefined) return v;
    }
    if (fr.stop) break;
  }
  return undefined;
}

const IDENTITY = (v: unknown) => v;

/** Resolver for `{path}` (walks up the frames). */
export function compileResolver(path: VarPath): Resolver {
  const plain = path.rest.length === 0;
  const rest = plain ? IDENTITY : walkRest(path.rest, path.rest.map(arrayIndex));
  switch (path.head) {
    case 'node':
      return plain ? (f) => f.node : (f) => rest(f.node);
    case 'index':
      return (f) => {
        const i = findIndex(f);
        return i < 0 ? undefined : rest(i + 1);
      };
    case 'index0':
      return (f) => {
        const i = findIndex(f);
        return i < 0 ? undefined : rest(i);
      };
    case 'var': {
      // Variables live in Maps, where a key found by pointer is several times faster (see internalize).
      const name = internalize(path.name);
      return plain ? (f) => findVar(f, name) : (f) => rest(findVar(f, name));
    }
    case 'name': {
      const key = path.name;
      const index = arrayIndex(key);
      return plain ? (f) => lookupName(f, key, index) : (f) => rest(lookupName(f, key, index));
    }
  }
}

/** Resolver for `.section path` / `.repeated section path`: the first key in the current node only. */
export function compileSectionResolver(path: VarPath): Resolver {
  if (path.head !== 'name') return path.head === 'index' || path.head === 'index0' ? () => undefined : compileResolver(path);
  const key = path.name;
  const index = arrayIndex(key);
  if (path.rest.length === 0) return (f) => getKey(f.node, key, index);
  const rest = walkRest(path.rest, path.rest.map(arrayIndex));
  return (f) => rest(getKey(f.node, key, index));
}
