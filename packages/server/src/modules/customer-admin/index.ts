import fp from 'fastify-plugin';
import { customerAdminPages } from './pages.js';
import { customerAdminRoutes } from './routes.js';

/** The owner's customers: buyers and visitor accounts, their orders, addresses and memberships (docs/owner-api.md "Customers"). */
export default fp(
  async (app) => {
    await app.register(customerAdminRoutes);
    customerAdminPages(app);
  },
  { name: 'customer-admin', dependencies: ['admin', 'accounts', 'members', 'commerce'] },
);
