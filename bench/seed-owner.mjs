// The seeding of npm run bench:owner: fills a SQLite store whose site is imported with a big shop's
// orders, fast (one transaction, prepared inserts): `orders` orders of 1 to 4 lines from the site's
// own products (with their SKUs; one line in ten without), varied payment and fulfilment states and
// refunds, spread over the past year, from `customers` distinct buyers (email and name), each with
// its timeline's first entry. Deterministic: the same arguments give the same shop.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Katherine', 'Ken', 'Linus', 'Margaret', 'Niklaus', 'Radia', 'Tim'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'McCarthy',
  'Johnson',
  'Thompson',
  'Torvalds',
  'Hamilton',
  'Wirth',
  'Perlman',
  'Berners-Lee',
];
const DAY = 86_400_000;

/** A small deterministic generator (mulberry32): the same seed, the same shop. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const id = (...parts) => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);

/** The customer `i` of the shop: a distinct email and a name. */
export function customer(i) {
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
  return { email: `${first}.${last}${i}@example.com`.toLowerCase(), first, last };
}

/** Fills the store at `file` (site already imported); answers what the bench needs to know of it. */
export function seedOwnerStore(file, { websiteId, orders = 10_000, customers = 5_000, now = Date.now() }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const products = db
    .prepare(
      `select v.id as variant_id, v.item_id, v.sku, v.price_cents, p.product_type, i.title
       from product_variants v join products p on p.item_id = v.item_id join items i on i.id = v.item_id
       where v.website_id = ? and v.price_cents > 0 order by v.id`,
    )
    .all(websiteId);
  if (products.length === 0) throw new Error('the site has no product with a price to order');
  const insertOrder = db.prepare(
    `insert into orders (id, website_id, order_number, idempotency_key, request_fingerprint, kind, cart_id, member_id, customer_email,
       currency, subtotal_cents, discount_cents, shipping_cost_cents, tax_cents, gift_card_cents, grand_total_cents, amount_due_cents,
       shipping_address, shipping_option, coupons, payment_provider, payment_status, payment_reference, fulfillment_status, answer,
       hold_expires_on, base_url, customer_name, refunded_cents, paid_on, canceled_on, created_on, updated_on)
     values (?, ?, ?, ?, '', 'order', null, null, ?, 'USD', ?, 0, ?, 0, 0, ?, ?, ?, ?, '[]', ?, ?, null, ?, null, ?, '', ?, ?, ?, ?, ?, ?)`,
  );
  const insertLine = db.prepare(
    `insert into order_lines (id, website_id, order_id, position, item_id, sku, variant_id, title, product_type, attributes, additional_fields,
       quantity, unit_price_cents, subtotal_cents, stock_taken, fulfilled_quantity, refunded_quantity, restocked_quantity)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', null, ?, ?, ?, 0, ?, 0, 0)`,
  );
  const insertEvent = db.prepare(
    `insert into order_events (id, website_id, order_id, type, actor_kind, actor_email, data, created_on) values (?, ?, ?, 'placed', 'customer', ?, '{}', ?)`,
  );
  const rand = random(42);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const first = (db.prepare('select next_order_number from commerce_counters where website_id = ?').get(websiteId)?.next_order_number ?? 1000) + 1;
  const skus = new Set();
  const seed = db.transaction(() => {
    for (let n = 0; n < orders; n++) {
      const orderId = id(websiteId, 'bench-order', String(n));
      const buyer = customer(Math.floor(rand() * customers));
      const created = now - Math.floor(rand() * 365 * DAY);
      const lines = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ({ product: pick(products), quantity: 1 + Math.floor(rand() * 3) }));
      const subtotal = lines.reduce((sum, l) => sum + l.product.price_cents * l.quantity, 0);
      const shipping = 600;
      const total = subtotal + shipping;
      const roll = rand();
      const payment = roll < 0.62 ? 'paid' : roll < 0.82 ? 'pending' : roll < 0.94 ? 'canceled' : 'declined';
      const fulfillment =
        payment === 'paid' ? pick(['FULFILLED', 'FULFILLED', 'PENDING', 'PARTIALLY_FULFILLED']) : payment === 'pending' ? 'PENDING' : 'CANCELED';
      const refunded = payment === 'paid' ? pick([0, 0, 0, 0, 0, 0, 0, 0, Math.floor(total / 3), total]) : 0;
      const address = {
        firstName: buyer.first,
        lastName: buyer.last,
        address1: `${n % 900} Main St`,
        city: 'Hudson',
        region: 'NY',
        postalCode: '12534',
        country: 'US',
      };
      insertOrder.run(
        orderId,
        websiteId,
        first + n,
        `bench-${n}`,
        buyer.email,
        subtotal,
        shipping,
        total,
        total,
        JSON.stringify(address),
        JSON.stringify({ id: 'standard', name: 'Standard', priceCents: shipping }),
        pick(['offline', 'test']),
        payment,
        fulfillment,
        // Pending orders hold their stock a month: the hold job leaves them alone during the run.
        payment === 'pending' ? now + 30 * DAY : null,
        `${buyer.first} ${buyer.last}`,
        refunded,
        payment === 'paid' ? created + 60_000 : null,
        payment === 'canceled' ? created + DAY : null,
        created,
        created,
      );
      for (const [position, l] of lines.entries()) {
        // One line in ten was bought without a SKU (a product sold before it had one).
        const sku = rand() < 0.1 ? null : l.product.sku;
        if (sku) skus.add(sku);
        const fulfilled = fulfillment === 'FULFILLED' ? l.quantity : 0;
        insertLine.run(
          id(orderId, String(position)),
          websiteId,
          orderId,
          position,
          l.product.item_id,
          sku,
          l.product.variant_id,
          l.product.title,
          l.product.product_type,
          l.quantity,
          l.product.price_cents,
          l.product.price_cents * l.quantity,
          fulfilled,
        );
      }
      insertEvent.run(id(orderId, 'placed'), websiteId, orderId, buyer.email, created);
    }
    db.prepare(
      'insert into commerce_counters (website_id, next_order_number) values (?, ?) on conflict (website_id) do update set next_order_number = excluded.next_order_number',
    ).run(websiteId, first + orders);
  });
  const started = performance.now();
  seed();
  const ms = performance.now() - started;
  const sample = db
    .prepare('select id from orders where website_id = ? order by created_on desc limit 20')
    .all(websiteId)
    .map((r) => r.id);
  db.close();
  return { ms, orderIds: sample, skus: [...skus], firstOrderNumber: first };
}
