export * from './messages.js';
export * from './add-to-cart.js';
export * from './totals.js';
export * from './checkout.js';
export * from './texts.js';
export * from './cart-texts.js';
export * from './checkout-texts.js';
export * from './texts-languages.js';
