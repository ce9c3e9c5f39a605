export * from './currencies.js';
export * from './money.js';
export * from './format.js';
export * from './symbol-format.js';
export * from './minor-format.js';
