// @tessera/template: Tessera's JSON-T template engine.
//
//   const t = compile(source);                  // t.errors: syntax errors; never throws
//   const r = t.render(data, { partials, injects, locale, now, timeZone });   // { output, errors }
//   const r2 = render(source, data, options);    // compile + render in one call
//
// `createEngine({ formatters, predicates, limits })` builds an engine with extra plugin tables.

import { createEngine, type CompileOptions, type RenderOptions, type RenderResult, type Template } from './engine.js';

export const defaultEngine = createEngine();

export function compile(source: string, options?: CompileOptions): Template {
  return defaultEngine.compile(source, options);
}

export function render(source: string, data: unknown, options?: RenderOptions & CompileOptions): RenderResult {
  return defaultEngine.render(source, data, options);
}

/** The preprocessor's first pass only: the template that `{^...}` instructions write (see Engine.preprocess). */
export function preprocess(source: string, data: unknown, options?: RenderOptions & CompileOptions): RenderResult {
  return defaultEngine.preprocess(source, data, options);
}

export { createEngine, DEFAULT_TIME_ZONE } from './engine.js';
export type { Engine, EngineOptions, CompileOptions, RenderOptions, RenderResult, Template } from './engine.js';
export { ERROR_CODES, type ErrorCode, type ErrorKind, type TemplateError } from './errors.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export { defaultFormatters, defaultPredicates, coreFormatters, corePredicates, dateFormatters } from './plugins/index.js';
export type {
  ApplyOptions,
  Formatter,
  FormatterTable,
  PluginContext,
  Predicate,
  PredicateTable,
  SnippetOptions,
} from './plugins/types.js';
export { asNumber, asString, parseNumber, scriptSafeJson } from './plugins/convert.js';
export { isTruthy, toText, deepEqual } from './runtime/values.js';
export { compareValues } from './plugins/predicates.core.js';
export { zonedTime, zoneAbbreviation, type ZonedTime } from './plugins/time.js';
export { strftime } from './plugins/formatters.date.js';
export type * as Syntax from './syntax/nodes.js';
