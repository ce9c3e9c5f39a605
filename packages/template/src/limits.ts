// Limits make any template and any data safe to render: each one, when exceeded, is reported as an
// error and the output rendered up to that point is returned.

export interface Limits {
  /** Nested partial and macro applications (spec: "Maximum partial depth 16"). */
  readonly maxPartialDepth: number;
  /** Blocks (sections, repeated sections, predicates, if, macros) nested inside each other. */
  readonly maxNesting: number;
  /** Tokens in one .eval expression; undefined means no limit. */
  readonly maxExprTokens: number | undefined;
  /** Characters of a string literal in an expression, and of any string an expression builds; undefined means no limit. */
  readonly maxExprStringLength: number | undefined;
  /** Characters of output (including text produced for partials and macros). */
  readonly maxOutput: number;
  /** Instructions executed in one render (each variable, block entry, loop pass, formatter and expression counts). */
  readonly maxSteps: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxPartialDepth: 16,
  maxNesting: 128,
  maxExprTokens: undefined,
  maxExprStringLength: undefined,
  maxOutput: 16 * 1024 * 1024,
  maxSteps: 1_000_000,
});

export function resolveLimits(base: Limits, overrides: Partial<Limits> | undefined): Limits {
  if (!overrides) return base;
  return Object.freeze({ ...base, ...stripUndefinedNumbers(overrides) });
}

// An explicit `undefined` for the optional expression limits means "no limit", so keep those keys;
// for the mandatory limits an undefined override must not erase the default.
function stripUndefinedNumbers(o: Partial<Limits>): Partial<Limits> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v !== undefined || k === 'maxExprTokens' || k === 'maxExprStringLength') out[k] = v;
  }
  return out as Partial<Limits>;
}
