// Commerce predicates on the current item (a product with its structuredContent).

import { hasVariedPrices, isOnSale, isSoldOut, flag, variantsOf } from '@tessera/core';
import { productOf } from './product.js';
import type { PredicateTable } from './types.js';

export const commercePredicates: PredicateTable = {
  'on-sale?': (item) => isOnSale(productOf(item)),
  'sold-out?': (item) => isSoldOut(productOf(item)),
  'varied-prices?': (item) => hasVariedPrices(productOf(item)),
  'has-variants?': (item) => variantsOf(productOf(item)).length > 1,
  'has-multiple?': (v) => Array.isArray(v) && v.length > 1,
  'subscribable?': (item) => flag(productOf(item)?.isSubscribable),
};
