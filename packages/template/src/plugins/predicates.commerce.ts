// Commerce predicates on the current item (a product with its structuredContent).

import { hasVariedPrices, isOnSale, isSoldOut, flag, variantsOf } from '@tessera/core';
import { productOf } from './product.js';
import type { PredicateTable } from './types.js';

export const commercePredicates: PredicateTable = {
  'on-sale?': (item) => isOnSale(productOf(item)),
  'sold-out?': (item) => isSoldOut(productOf(item)),
  'varied-prices?': (item) => hasVariedPrices(productOf(item)),
  'has-variants?': (item) => variantsOf(productOf(item)).length > 1,
  // More than one element: an array's entries or an object's fields, as the reference engines count a
  // node's size (an item object is "multiple"; a string or a number never is).
  'has-multiple?': (v) => (Array.isArray(v) ? v.length : v !== null && typeof v === 'object' ? Object.keys(v).length : 0) > 1,
  'subscribable?': (item) => flag(productOf(item)?.isSubscribable),
};
