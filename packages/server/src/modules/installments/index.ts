import fp from 'fastify-plugin';
import { installmentsPlugin } from './plugin.js';

/** The installment providers' information pages. */
export default fp(
  async (app) => {
    await app.register(installmentsPlugin);
  },
  { name: 'installments' },
);
