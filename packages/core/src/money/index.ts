export * from './currencies.js';
export * from './money.js';
export * from './format.js';
