export { ownerAuthPlugin, OWNER_COOKIE } from './auth.js';
export { adminPlugin, type AdminPluginOptions } from './routes.js';
export { ownerPage, type OwnerPage } from './pages.js';
export { createOwner, setOwnerPassword, revokeOwnerSessions, OwnerError } from './owners.js';
