// The default plugin tables: every domain file's table merged here, and nothing else. A formatter or
// predicate exists only by being listed in one of these tables.

import { commerceFormatters } from './formatters.commerce.js';
import { contentFormatters } from './formatters.content.js';
import { formFormatters } from './formatters.forms.js';
import { i18nFormatters } from './formatters.i18n.js';
import { socialFormatters } from './formatters.social.js';
import { coreFormatters } from './formatters.core.js';
import { dateFormatters } from './formatters.date.js';
import { commercePredicates } from './predicates.commerce.js';
import { contentPredicates } from './predicates.content.js';
import { corePredicates } from './predicates.core.js';
import { withJulianRange } from './julian-range.js';
import type { FormatterTable, PredicateTable } from './types.js';

// The date formatters are limited to the julian-day range (julian-range.ts).
export const defaultFormatters: FormatterTable = Object.freeze(
  withJulianRange({
    ...coreFormatters,
    ...dateFormatters,
    ...commerceFormatters,
    ...contentFormatters,
    ...socialFormatters,
    ...formFormatters,
    ...i18nFormatters,
  }),
);
export const defaultPredicates: PredicateTable = Object.freeze({
  ...corePredicates,
  ...commercePredicates,
  ...contentPredicates,
});

export {
  coreFormatters,
  dateFormatters,
  corePredicates,
  commerceFormatters,
  commercePredicates,
  contentFormatters,
  socialFormatters,
  formFormatters,
  i18nFormatters,
  contentPredicates,
};
export type * from './types.js';
