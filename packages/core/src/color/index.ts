export * from './models.js';
export * from './hex.js';
export * from './hsl.js';
export * from './weight.js';
