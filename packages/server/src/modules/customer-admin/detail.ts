import type { ShippingAddress } from '@tessera/core';
import type { Executor } from '../../storage/statement.js';
import { money, type SiteSnapshot } from '../site/index.js';
import { membersAreas } from './areas.js';
import type { CustomerRow } from './customer.js';
import { CUSTOMER_ORDERS_LIMIT, customerAddresses, customerGrants, customerOrders } from './history.js';

/** The customer's members' areas as their page shows them: how each was granted, when, until when. */
export async function memberships(db: Executor, s: SiteSnapshot, siteUserId: string | null, now: number) {
  if (siteUserId === null) return [];
  const areas = membersAreas(s);
  const grants = await customerGrants(db, s.website.id, siteUserId);
  return grants.map((g) => {
    const startsOn = Number(g.starts_on);
    const expiresOn = g.expires_on === null ? null : Number(g.expires_on);
    return {
      area: g.area,
      // The collections that name the area (none when the site no longer has one).
      collections: areas.filter((a) => a.area === g.area).map(({ collectionId, title, url }) => ({ collectionId, title, url })),
      grantedBy: g.order_id !== null ? ('order' as const) : ('staff' as const),
      order:
        g.order_id !== null
          ? { id: g.order_id, orderNumber: g.order_number === null ? null : Number(g.order_number), url: `/config/orders/${g.order_id}` }
          : null,
      staffEmail: g.granted_by,
      pricing: g.pricing,
      grantedOn: Number(g.created_on),
      changedOn: Number(g.updated_on),
      startsOn,
      expiresOn,
      active: startsOn <= now && (expiresOn === null || expiresOn > now),
    };
  });
}

function parseAddress(text: string | null): ShippingAddress | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as ShippingAddress) : null;
  } catch {
    return null;
  }
}

/** `GET /api/owner/customers/:key`: the customer, their latest orders, addresses, memberships and account. */
export async function customerDetail(db: Executor, s: SiteSnapshot, customer: CustomerRow, now: number) {
  const [orders, addresses, grants] = await Promise.all([
    customerOrders(db, s.website.id, customer.email),
    customerAddresses(db, s.website.id, customer.email),
    memberships(db, s, customer.site_user_id, now),
  ]);
  const spent = Number(customer.spent_cents);
  const lastOrder = Number(customer.last_order_on);
  const orderCount = Number(customer.order_count);
  return {
    customer: {
      key: customer.site_user_id ?? customer.email,
      email: customer.email,
      name: customer.name,
      orderCount,
      totalSpentCents: spent,
      totalSpentMoney: money(spent, s.currency),
      lastOrderOn: lastOrder > 0 ? lastOrder : null,
      hasAccount: customer.site_user_id !== null,
    },
    orders: orders.map((o) => ({
      id: o.id,
      orderNumber: Number(o.order_number),
      kind: o.kind,
      created: Number(o.created_on),
      paymentStatus: o.payment_status.toUpperCase(),
      fulfillmentStatus: o.fulfillment_status,
      itemCount: Number(o.item_count ?? 0),
      grandTotalCents: o.grand_total_cents,
      grandTotalMoney: money(o.grand_total_cents, o.currency),
      refundedCents: Number(o.refunded_cents),
      url: `/config/orders/${o.id}`,
    })),
    // More orders than listed: the orders page, searched by the email, has them all.
    moreOrders: orderCount > CUSTOMER_ORDERS_LIMIT,
    addresses: addresses.flatMap((a) => {
      const address = parseAddress(a.shipping_address);
      return address ? [{ address, orderCount: Number(a.uses), lastUsedOn: Number(a.last_used) }] : [];
    }),
    memberships: grants,
    account:
      customer.site_user_id === null
        ? null
        : {
            id: customer.site_user_id,
            firstName: customer.first_name ?? '',
            lastName: customer.last_name ?? '',
            created: Number(customer.account_created_on),
            verified: customer.email_verified_on !== null,
            verifiedOn: customer.email_verified_on === null ? null : Number(customer.email_verified_on),
            activeSessions: Number(customer.active_sessions ?? 0),
            // Sessions that ended are not kept: the start of the newest one still kept, or null.
            lastSignInOn: customer.last_session_on === null || customer.last_session_on === undefined ? null : Number(customer.last_session_on),
          },
    currency: s.currency,
  };
}
