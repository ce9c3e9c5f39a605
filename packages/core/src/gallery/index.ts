export * from './options.js';
