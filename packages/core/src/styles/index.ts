export * from './types.js';
export * from './messages.js';
export * from './paths.js';
export * from './check.js';
export * from './resolve.js';
export * from './read.js';
export * from './contrast.js';
export * from './css.js';
