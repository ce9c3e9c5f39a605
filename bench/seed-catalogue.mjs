// The catalogue half of npm run bench:owner's big shop: fills a SQLite store (site imported, orders
// seeded by seed-owner.mjs) with `products` products of four variants each, in products collections
// of 200 (the spec's most per collection), with varied types, statuses, prices and stock; `reviews`
// reviews of those products on the seeded orders, a third waiting for approval; `submissions` form
// submissions of the site's first form; `subscribers` mailing-list subscribers in every state. One
// transaction, prepared inserts, deterministic.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

const DAY = 86_400_000;
const PER_COLLECTION = 200;
const COLOURS = ['Blue', 'Red'];
const SIZES = ['S', 'L'];
const STATUSES = ['published', 'published', 'published', 'published', 'draft', 'needs-review', 'private', 'scheduled'];
const WORDS = ['Stoneware', 'Linen', 'Walnut', 'Copper', 'Wool', 'Glass', 'Oak', 'Clay', 'Cotton', 'Brass', 'Cedar', 'Slate'];
const THINGS = ['mug', 'bowl', 'throw', 'lamp', 'vase', 'tray', 'stool', 'planter', 'apron', 'candle', 'shelf', 'basket'];

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

export function seedCatalogue(file, { websiteId, products = 5_000, reviews = 20_000, submissions = 100_000, subscribers = 100_000, now = Date.now() }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const rand = random(7);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const currency = db.prepare('select currency from site_settings where website_id = ?').get(websiteId).currency;
  const firstPosition = db.prepare('select coalesce(max(position), 0) + 1 as p from collections where website_id = ?').get(websiteId).p;
  const insertCollection = db.prepare(
    `insert into collections (id, website_id, url_id, title, type_name, description, folder_behavior, parent_id, is_home, page_size, access, position, data)
     values (?, ?, ?, ?, 'products', '', null, null, 0, 20, 'public', ?, '{}')`,
  );
  const insertItem = db.prepare(
    `insert into items (id, website_id, collection_id, url_id, title, status, publish_on, position, record_type, excerpt, body, start_date, end_date, data, created_on, updated_on, revision)
     values (?, ?, ?, ?, ?, ?, ?, ?, 11, '', ?, null, null, ?, ?, ?, 1)`,
  );
  const insertProduct = db.prepare(
    `insert into products (item_id, website_id, product_type, variant_option_ordering, is_subscribable, additional_fields_form_id, custom_add_button_text, data)
     values (?, ?, ?, '["Colour","Size"]', 0, null, '', '{}')`,
  );
  const insertVariant = db.prepare(
    `insert into product_variants (id, website_id, item_id, sku, position, attributes, currency, price_cents, sale_price_cents, on_sale, stock, unlimited, weight_grams, image)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null)`,
  );
  const insertReview = db.prepare(
    `insert into product_reviews (id, website_id, item_id, order_id, rating, body, reviewer_name, created_on, status) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSubmission = db.prepare(
    `insert into form_submissions (id, website_id, form_key, form_name, fields, submitted_values, page_title, page_id, content_source, page_path, page_permission_type_value, submitted_on)
     values (?, ?, ?, ?, ?, ?, 'Contact', '', 'c', '/contact', '', ?)`,
  );
  const insertSubscriber = db.prepare(
    `insert into mailing_list_subscribers (id, website_id, email, status, source, created_on, updated_on, confirmed_on, unsubscribed_on) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const itemIds = [];
  const skus = [];
  const seed = db.transaction(() => {
    for (let n = 0; n < products; n++) {
      const c = Math.floor(n / PER_COLLECTION);
      const collectionId = id(websiteId, 'bench-collection', String(c));
      if (n % PER_COLLECTION === 0) {
        insertCollection.run(collectionId, websiteId, `catalogue-${String(c + 1).padStart(2, '0')}`, `Catalogue ${c + 1}`, firstPosition + c);
      }
      const itemId = id(collectionId, 'item', String(n));
      const title = `${pick(WORDS)} ${pick(THINGS)} ${n + 1}`;
      const status = pick(STATUSES);
      const created = now - Math.floor(rand() * 365 * DAY);
      const type = rand() < 0.9 ? 1 : pick([2, 3]);
      insertItem.run(
        itemId,
        websiteId,
        collectionId,
        `${title.toLowerCase().replaceAll(' ', '-')}`,
        title,
        status,
        status === 'scheduled' ? now + 7 * DAY : created,
        n % PER_COLLECTION,
        `<p>${title}, made by hand.</p>`,
        JSON.stringify({ tags: [pick(WORDS)], categories: [pick(THINGS)] }),
        created,
        created + Math.floor(rand() * 30 * DAY),
      );
      insertProduct.run(itemId, websiteId, type);
      itemIds.push(itemId);
      const price = 500 + Math.floor(rand() * 200) * 50;
      const onSale = rand() < 0.15;
      let position = 0;
      for (const colour of COLOURS) {
        for (const size of SIZES) {
          const sku = `B${n}-${colour[0]}${size}`;
          const unlimited = type !== 1 || rand() < 0.05;
          insertVariant.run(
            id(itemId, 'variant', sku),
            websiteId,
            itemId,
            sku,
            position++,
            JSON.stringify({ Colour: colour, Size: size }),
            currency,
            price + (size === 'L' ? 300 : 0),
            onSale ? Math.floor(price * 0.8) : 0,
            onSale ? 1 : 0,
            // About one stocked variant in ten is low or out, as in a shop that restocks.
            unlimited ? 0 : rand() < 0.1 ? Math.floor(rand() * 4) : 4 + Math.floor(rand() * 60),
            unlimited ? 1 : 0,
            400,
          );
          if (n < 20 && position === 1) skus.push(sku);
        }
      }
    }
    const orders = db
      .prepare('select id from orders where website_id = ? order by id')
      .all(websiteId)
      .map((r) => r.id);
    if (orders.length > 0 && itemIds.length > 0) {
      for (let n = 0; n < reviews; n++) {
        const orderId = orders[n % orders.length];
        const itemId = itemIds[(n * 7919 + Math.floor(n / orders.length)) % itemIds.length];
        const rating = 1 + Math.floor(rand() * 5);
        insertReview.run(
          id(orderId, itemId, 'review'),
          websiteId,
          itemId,
          orderId,
          rating,
          `Review ${n}: ${pick(['lovely', 'solid', 'as pictured', 'smaller than expected', 'a gift that pleased'])}.`,
          `Reviewer ${n}`,
          now - Math.floor(rand() * 200 * DAY),
          n % 3 === 0 ? 'pending' : n % 10 === 1 ? 'hidden' : 'approved',
        );
      }
    }
    const form = db.prepare('select form_key, name, definition from forms where website_id = ? order by form_key limit 1').get(websiteId);
    if (form) {
      const fields = (JSON.parse(form.definition).fields ?? [])
        .filter((f) => f.type !== 'section')
        .map((f) => ({ id: f.id, type: f.type, title: f.title ?? f.id }));
      const fieldsText = JSON.stringify(fields);
      for (let n = 0; n < submissions; n++) {
        const values = {};
        for (const f of fields) {
          if (f.type === 'email') values[f.id] = `visitor${n}@example.com`;
          else if (f.type === 'name') values[f.id] = { firstName: `Visitor`, lastName: `${n}` };
          else values[f.id] = `Message ${n} about ${pick(THINGS)}`;
        }
        insertSubmission.run(
          id(websiteId, 'bench-submission', String(n)),
          websiteId,
          form.form_key,
          form.name,
          fieldsText,
          JSON.stringify(values),
          now - n * 60_000,
        );
      }
    }
    for (let n = 0; n < subscribers; n++) {
      const created = now - n * 30_000;
      const status = n % 7 === 0 ? 'pending' : n % 11 === 0 ? 'unsubscribed' : 'subscribed';
      insertSubscriber.run(
        id(websiteId, 'bench-subscriber', String(n)),
        websiteId,
        `subscriber${n}@example.com`,
        status,
        n % 5 === 0 ? 'restock' : 'newsletter-form',
        created,
        created,
        status === 'pending' ? null : created + 60_000,
        status === 'unsubscribed' ? created + DAY : null,
      );
    }
    db.prepare('update websites set version = version + 1 where id = ?').run(websiteId);
  });
  const started = performance.now();
  seed();
  const ms = performance.now() - started;
  const form = db.prepare('select form_key from forms where website_id = ? order by form_key limit 1').get(websiteId);
  db.close();
  return { ms, productIds: itemIds.slice(0, 20), productSkus: skus, formKey: form?.form_key ?? null };
}
