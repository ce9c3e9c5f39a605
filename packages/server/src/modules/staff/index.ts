import fp from 'fastify-plugin';
import { SCRYPT_COST, type ScryptCost } from '../admin/index.js';
import { accessRoutes } from './access-routes.js';
import './mail.js';
import { staffRoutes } from './staff-routes.js';

/**
 * The site's staff (docs/owner-api.md "Staff"): the accounts that sign in at /config/login, their
 * roles, invitations by mail, the owner's password reset by mail, and the studio's staff page.
 */
export default fp<{ passwordCost?: ScryptCost }>(
  async (app, setup) => {
    await staffRoutes(app);
    await accessRoutes(app, { passwordCost: setup.passwordCost ?? SCRYPT_COST });
  },
  { name: 'staff', dependencies: ['admin'] },
);
