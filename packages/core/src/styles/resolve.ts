import { pathSpecs } from './paths.js';
import type { StyleValue, StyleValues, StylesSchema } from './types.js';

/**
 * Every path's value: the theme's default, or the site's saved value when the schema still knows its
 * path and it is a value of the path's type (a saved value a theme update made invalid falls back).
 */
export function resolveStyles(schema: StylesSchema, saved: Readonly<Record<string, unknown>>): StyleValues {
  const values: Record<string, StyleValue> = {};
  for (const [path, spec] of pathSpecs(schema)) {
    const own = saved[path];
    const fits = own !== undefined && own !== null && (spec.default === null || typeof own === typeof spec.default);
    values[path] = fits ? (own as StyleValue) : spec.default;
  }
  return values;
}
