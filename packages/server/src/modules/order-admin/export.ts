import { Readable } from 'node:stream';
import { dayIn, localFields, minuteOffset } from '@tessera/core';
import { stringify } from 'csv-stringify';
import type { Store } from '../../storage/dialect.js';
import type { SiteSnapshot } from '../site/index.js';
import { money } from '../site/index.js';
import { SORT_COLUMNS, type SortName } from './filters.js';
import { pageOfOrders } from './list.js';
import type { OrderFilters } from './schemas.js';
import { paymentStatusOf } from './state.js';

/** Orders read per step of the export: the file streams out while the next step is read. */
const BATCH = 500;

const COLUMNS = [
  'Order number',
  'Placed',
  'Email',
  'Name',
  'Payment status',
  'Fulfillment status',
  'Item',
  'SKU',
  'Variant',
  'Quantity',
  'Unit price',
  'Line total',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Gift card',
  'Total',
  'Refunded',
  'Currency',
  'Shipping option',
  'Coupons',
  'Address',
  'City',
  'Region',
  'Postal code',
  'Country',
  'Phone',
];

/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a return, and not
 * a plain number) gets a leading apostrophe: opening the export runs nothing a shopper typed. The
 * same rule as the form submissions' export (modules/forms/csv.ts).
 */
function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO 8601 with the site's offset at that instant: `2025-01-31T10:00:00-05:00`. */
function isoInZone(zone: string, ms: number): string {
  const offset = minuteOffset(zone, ms);
  const f = localFields(ms + offset);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${f.year}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const parse = <T>(json: string | null): T | null => (json ? (JSON.parse(json) as T) : null);

/** One step: the next orders of the list (its own keyset query), their totals and addresses, their lines. */
async function* rowsOf(store: Store, s: SiteSnapshot, f: OrderFilters): AsyncGenerator<string[]> {
  const sort = (f.sort ?? 'newest') as SortName;
  const { column } = SORT_COLUMNS[sort];
  let after: { sort: string; value: number; id: string } | null = null;
  for (;;) {
    const page = await pageOfOrders(store, store.db, s.website.id, f, after, BATCH);
    if (page.length === 0) return;
    const ids = page.map((o) => o.id);
    const [orders, lines] = await Promise.all([
      store.db
        .selectFrom('orders')
        .select([
          'id',
          'subtotal_cents',
          'discount_cents',
          'shipping_cost_cents',
          'tax_cents',
          'gift_card_cents',
          'shipping_address',
          'shipping_option',
          'coupons',
        ])
        .where('id', 'in', ids)
        .execute(),
      store.db
        .selectFrom('order_lines')
        .select(['order_id', 'title', 'sku', 'attributes', 'quantity', 'unit_price_cents', 'subtotal_cents'])
        .where('order_id', 'in', ids)
        .orderBy('order_id')
        .orderBy('position')
        .execute(),
    ]);
    const details = new Map(orders.map((o) => [o.id, o]));
    const linesOf = new Map<string, typeof lines>();
    for (const l of lines) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);
    for (const o of page) {
      const d = details.get(o.id)!;
      const m = (cents: number) => money(cents, o.currency).value;
      const address = parse<Record<string, string>>(d.shipping_address) ?? {};
      const option = parse<{ name: string }>(d.shipping_option);
      const order = [String(o.order_number), isoInZone(s.timeZone, o.created_on), o.customer_email, o.customer_name, paymentStatusOf(o), o.fulfillment_status];
      const totals = [
        m(d.subtotal_cents),
        m(d.discount_cents),
        m(d.shipping_cost_cents),
        m(d.tax_cents),
        m(d.gift_card_cents),
        m(o.grand_total_cents),
        m(o.refunded_cents),
        o.currency,
        option?.name ?? '',
        (parse<string[]>(d.coupons) ?? []).join(' '),
        [address.address1, address.address2].filter(Boolean).join(', '),
        address.city ?? '',
        address.region ?? '',
        address.postalCode ?? '',
        address.country ?? '',
        address.phone ?? '',
      ];
      for (const l of linesOf.get(o.id) ?? []) {
        const variant = Object.entries(JSON.parse(l.attributes) as Record<string, string>)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ');
        yield [...order, l.title, l.sku ?? '', variant, String(l.quantity), m(l.unit_price_cents), m(l.subtotal_cents), ...totals];
      }
    }
    if (page.length < BATCH) return;
    const last = page[page.length - 1]!;
    after = { sort, value: Number(last[column]), id: last.id };
  }
}

/**
 * `GET /api/owner/orders/export.csv`: every order of the filters, one row per line, streamed a
 * step of BATCH orders at a time (never the whole list in memory), through csv-stringify.
 */
export function exportOrders(store: Store, s: SiteSnapshot, f: OrderFilters, now: number) {
  // CRLF line ends, as RFC 4180 and the form submissions' export write them.
  const csv = stringify({ header: true, columns: COLUMNS, record_delimiter: 'windows', cast: { string: spreadsheetSafe } });
  const rows = Readable.from(rowsOf(store, s, f));
  // A failed read ends the answer (pipe alone would leave it open).
  rows.on('error', (error) => csv.destroy(error));
  return { filename: `orders-${dayIn(s.timeZone, now)}.csv`, stream: rows.pipe(csv) };
}
