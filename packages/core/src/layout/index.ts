export * from './model.js';
export * from './validate.js';
export * from './paths.js';
export * from './text.js';
