import { siteSender } from '../../mail/site.js';
import type { Executor } from '../../storage/statement.js';
import type { OrderActor } from '../checkout/index.js';
import { recordOrderEvent } from '../checkout/index.js';
import type { CommerceDeps } from '../commerce/index.js';
import { orderLinks } from '../commerce/index.js';
import type { SiteSnapshot } from '../site/index.js';
import type { MailKind, MailKinds } from '../../mail/index.js';
import type { OrderState } from './state.js';

/** What every action works with: the shared commerce parts, the site, who acts, and the site's origin for links. */
export interface ActionContext {
  deps: CommerceDeps;
  s: SiteSnapshot;
  actor: OrderActor;
  /** The site's configured origin (never an unlisted Host), for orders placed before theirs was kept. */
  origin: string;
}

/** The address the order was placed from (its mails link there), else the site's origin. */
const baseUrlFor = (c: ActionContext, order: OrderState) => (order.base_url || c.origin).replace(/\/$/, '');

/** The order's status page, absolute (call `deps.signer.ready` before the transaction). */
export async function orderStatusUrl(c: ActionContext, order: OrderState): Promise<string> {
  const token = await c.deps.signer.orderToken(c.s.website.id, order.id);
  return `${baseUrlFor(c, order)}${orderLinks(order.kind, token).orderStatusUrl}`;
}

/**
 * A mail to the order's customer, written to the outbox in the action's transaction (it goes
 * exactly when the action is committed), and its line on the order's timeline.
 */
export async function mailCustomer<K extends MailKind>(
  c: ActionContext,
  tx: Executor,
  order: OrderState,
  kind: K,
  timelineKind: string,
  input: MailKinds[K],
  now: number,
): Promise<void> {
  if (!c.deps.mail || !order.customer_email) return;
  const sender = siteSender(c.s, baseUrlFor(c, order), c.deps.mailFrom);
  await c.deps.mail.send(tx, { websiteId: c.s.website.id, kind, to: order.customer_email, from: sender.from, site: sender.site, input });
  await recordOrderEvent(tx, c.s.website.id, order.id, 'mail', c.actor, now, { kind: timelineKind, to: order.customer_email });
}
