// The default plugin tables: every domain file's table merged here, and nothing else. A formatter or
// predicate exists only by being listed in one of these tables.

import { coreFormatters } from './formatters.core.js';
import { dateFormatters } from './formatters.date.js';
import { corePredicates } from './predicates.core.js';
import { typePredicates } from './predicates.types.js';
import type { FormatterTable, PredicateTable } from './types.js';

export const defaultFormatters: FormatterTable = Object.freeze({ ...coreFormatters, ...dateFormatters });
export const defaultPredicates: PredicateTable = Object.freeze({ ...corePredicates, ...typePredicates });

export { coreFormatters, dateFormatters, corePredicates, typePredicates };
export type * from './types.js';
