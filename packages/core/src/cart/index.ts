export * from './messages.js';
export * from './add-to-cart.js';
export * from './totals.js';
export * from './checkout.js';
export * from './texts.js';
