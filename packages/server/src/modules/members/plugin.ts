import type { FastifyInstance } from 'fastify';
import type { CommerceDeps } from '../commerce/index.js';
import { membersPolicy } from './access.js';
import { membershipPaidHook } from '../accounts/index.js';
import { lessonVideoHook } from './lessons.js';
import { membersRoutes } from './routes.js';

/** Members' areas, paywalled lessons and the join flow (docs/accounts.md). */
export async function membersPlugin(app: FastifyInstance, deps: CommerceDeps): Promise<void> {
  deps.renderer.access.add(membersPolicy(deps));
  deps.renderer.addContextHook(lessonVideoHook(deps));
  deps.orderPaidHooks.push(membershipPaidHook());
  await membersRoutes(app, deps);
}
