import { writeTransaction } from '../../storage/statement.js';
import { recordOrderEvent } from '../checkout/index.js';
import type { ActionContext } from './context.js';
import { lockOrder } from './state.js';

/** `POST .../notes`: a staff note on the order's timeline, never shown to the customer. */
export async function addNote(c: ActionContext, orderId: string, text: string): Promise<void> {
  await writeTransaction(c.deps.store, async (tx) => {
    await lockOrder(c.deps.store, tx, c.s.website.id, orderId);
    await recordOrderEvent(tx, c.s.website.id, orderId, 'note', c.actor, c.deps.clock(), { text });
  });
}
