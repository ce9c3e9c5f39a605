export * from './file-size.js';
export * from './free-price.js';
export * from './number-pattern.js';
export * from './locale-number.js';
export * from './julian-day.js';
export * from './time.js';
export * from './labels.js';
export * from './media-duration.js';
