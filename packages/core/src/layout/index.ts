export * from './model.js';
export * from './validate.js';
