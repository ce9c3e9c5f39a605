export * from './data.js';
export * from './status.js';
export * from './prices.js';
export * from './subscription.js';
export * from './price-view.js';
export * from './purchase.js';
export * from './installments.js';
export * from './scarcity.js';
