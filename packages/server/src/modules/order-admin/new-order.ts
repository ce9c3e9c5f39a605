import type { Mailer } from '../../mail/index.js';
import { siteSender } from '../../mail/site.js';
import { SYSTEM, recordOrderEvent } from '../checkout/index.js';
import type { OrderPlacedHook } from '../commerce/index.js';
import { storeRules } from '../commerce/index.js';

/**
 * The staff's new-order mail: in the transaction that finishes a placed order (paid, or pending
 * for an offline payment; one mail per order, never for a declined one), one mail to each staff
 * account of the site that asks for it (`owner_accounts.notify_new_orders`, the owner by default),
 * with a link to the order's page in the studio on the site's origin, and its line on the timeline.
 */
export function newOrderMailHook(deps: { mail: Mailer; mailFrom: string }): OrderPlacedHook {
  return async (tx, { site, order, baseUrl, now }) => {
    const staff = await tx
      .selectFrom('owner_accounts')
      .select('email')
      .where('website_id', '=', site.website.id)
      .where('notify_new_orders', '=', 1)
      .orderBy('email')
      .execute();
    if (staff.length === 0) return;
    const row = await tx.selectFrom('orders').select(['customer_name', 'payment_provider']).where('id', '=', order.id).executeTakeFirstOrThrow();
    const { format } = storeRules(site);
    const sender = siteSender(site, baseUrl, deps.mailFrom);
    const input = {
      orderNumber: order.orderNumber,
      customerEmail: order.customerEmail,
      customerName: row.customer_name,
      items: order.lines.map((l) => ({ title: l.title, quantity: l.quantity, subTotal: format(l.subTotalCents) })),
      total: format(order.grandTotalCents),
      payment: order.paymentStatus === 'PAID' ? 'Paid' : `Payment pending (${row.payment_provider})`,
      orderUrl: `${baseUrl}/config/orders/${order.id}`,
    };
    for (const { email } of staff) {
      await deps.mail.send(tx, { websiteId: site.website.id, kind: 'new-order', to: email, from: sender.from, site: sender.site, input });
      await recordOrderEvent(tx, site.website.id, order.id, 'mail', SYSTEM, now, { kind: 'new_order', to: email });
    }
  };
}
