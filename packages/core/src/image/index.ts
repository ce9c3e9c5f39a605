export * from './props.js';
export * from './sizes.js';
export * from './alt-text.js';
