// Core predicates: comparisons, parity, plural/singular, nth and debug.
//
// Comparison arguments are JSON literals (numbers, "strings", true, false, null) or variable paths.
// With two arguments the first is compared with the second; with one, the current node is compared
// with it.

import { deepEqual, isTruthy } from '../runtime/values.js';
import { asNumber, parseNumber } from './convert.js';
import type { PluginContext, Predicate, PredicateTable } from './types.js';

function operands(node: unknown, args: readonly string[], ctx: PluginContext): [unknown, unknown] | null {
  if (args.length >= 2) return [ctx.resolveArg(args[0]), ctx.resolveArg(args[1])];
  if (args.length === 1) return [node, ctx.resolveArg(args[0])];
  return null;
}

/**
 * Ordering as the language defines it, driven by the left operand's type: numbers compare numerically
 * (numeric strings parsed, booleans 1/0, other strings below every number, null and containers as 0);
 * strings compare by code units with the right side as text (null and containers as ""); booleans
 * compare as booleans ("true" is the only true string); null, missing, objects and arrays are below
 * everything except what equals them.
 */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number') {
    let n: number;
    if (typeof b === 'number') n = b;
    else if (typeof b === 'string') n = parseNumber(b);
    else if (typeof b === 'boolean') n = b ? 1 : 0;
    else n = 0;
    if (Number.isNaN(n) || Number.isNaN(a)) return 1;
    return a < n ? -1 : a > n ? 1 : 0;
  }
  if (typeof a === 'string') {
    const s = typeof b === 'string' ? b : typeof b === 'number' || typeof b === 'boolean' ? String(b) : '';
    return a < s ? -1 : a > s ? 1 : 0;
  }
  if (typeof a === 'boolean') {
    const bb = typeof b === 'boolean' ? b : typeof b === 'number' ? b !== 0 : typeof b === 'string' ? b === 'true' : false;
    return a === bb ? 0 : a ? 1 : -1;
  }
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  return deepEqual(a, b) ? 0 : -1;
}

function comparison(test: (c: number) => boolean): Predicate {
  return (node, args, ctx) => {
    const ops = operands(node, args, ctx);
    return ops !== null && test(compareValues(ops[0], ops[1]));
  };
}

function integerOf(node: unknown, args: readonly string[], ctx: PluginContext): number | undefined {
  const v = args.length > 0 ? ctx.resolve(args[0]) : node;
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

export const corePredicates: PredicateTable = {
  'debug?': (_node, _args, ctx) => isTruthy(ctx.resolve('debug')),
  'equal?': (node, args, ctx) => {
    const ops = operands(node, args, ctx);
    return ops !== null && deepEqual(ops[0], ops[1]);
  },
  'notEqual?': (node, args, ctx) => {
    const ops = operands(node, args, ctx);
    return ops !== null && !deepEqual(ops[0], ops[1]);
  },
  'greaterThan?': comparison((c) => c > 0),
  'greaterThanOrEqual?': comparison((c) => c >= 0),
  'lessThan?': comparison((c) => c < 0),
  'lessThanOrEqual?': comparison((c) => c <= 0),
  'even?': (node, args, ctx) => {
    const n = integerOf(node, args, ctx);
    return n !== undefined && n % 2 === 0;
  },
  'odd?': (node, args, ctx) => {
    const n = integerOf(node, args, ctx);
    return n !== undefined && Math.abs(n % 2) === 1;
  },
  // `{.nth? 3}`: the current node is a multiple of 3; `{.nth? @index 3}`: the first argument's value is.
  'nth?': (node, args, ctx) => {
    if (args.length === 0) return false;
    const value = args.length >= 2 ? ctx.resolveArg(args[0]) : node;
    const modulus = ctx.resolveArg(args[args.length - 1]);
    if (typeof value !== 'number' || typeof modulus !== 'number' || !Number.isInteger(value) || modulus === 0) return false;
    return value % modulus === 0;
  },
  'plural?': (node) => asNumber(node) > 1,
  'singular?': (node) => asNumber(node) === 1,
};
