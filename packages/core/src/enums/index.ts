export * from './define.js';
export * from './page-type.js';
export * from './content.js';
export * from './product-type.js';
export * from './roles.js';
export * from './blocks.js';
export * from './forms.js';
export * from './misc.js';
