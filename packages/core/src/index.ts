// @tessera/core: Tessera's shared kernel, pure and without I/O, used by the JSON-T engine, the
// server and the storefront so that all three apply the same rules and show the same strings.
//
// Every export is available two ways: grouped by module (`import { money } from '@tessera/core';
// money.formatMoney(...)`) and by name (`import { formatMoney } from '@tessera/core'`). Each
// module is also a subpath export (`@tessera/core/money`) for the smallest browser bundles.

export * as enums from './enums/index.js';
export * as money from './money/index.js';
export * as product from './product/index.js';
export * as cart from './cart/index.js';
export * as validation from './validation/index.js';
export * as color from './color/index.js';
export * as format from './format/index.js';
export * as gallery from './gallery/index.js';
export * as image from './image/index.js';
export * as constants from './constants/index.js';
export * as markup from './markup/index.js';
export * as strings from './strings/index.js';
export * as html from './html/index.js';
export * as zone from './zone/index.js';

export * from './enums/index.js';
export * from './money/index.js';
export * from './product/index.js';
export * from './cart/index.js';
export * from './validation/index.js';
export * from './color/index.js';
export * from './format/index.js';
export * from './gallery/index.js';
export * from './image/index.js';
export * from './constants/index.js';
export * from './markup/index.js';
export * from './strings/index.js';
export * from './html/index.js';
export * from './zone/index.js';
