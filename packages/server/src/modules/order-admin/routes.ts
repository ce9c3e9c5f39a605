import type { FastifyInstance } from 'fastify';

/** The orders API of docs/owner-api.md "Orders". */
export async function orderAdminRoutes(_app: FastifyInstance): Promise<void> {}
