export * from './email.js';
export * from './messages.js';
export * from './textarea.js';
export * from './restock.js';
export * from './form-fields.js';
export * from './form-validate.js';
export * from './review.js';
export * from './account.js';
