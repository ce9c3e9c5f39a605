import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';

/** The studio's marketing page: the tag manager, the ad pixel and the cookie banner. */
export function marketingPages(app: FastifyInstance): void {
  ownerPage(app, { path: '/config/marketing', page: 'marketing', title: 'Marketing and cookies', permission: 'editCode' });
}
