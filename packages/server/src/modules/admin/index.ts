export { ownerAuthPlugin } from './auth.js';
export { adminPlugin } from './routes.js';
