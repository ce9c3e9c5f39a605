// The demo shop (sites/demo) is content in the site directory format: these tests read its files as the
// importer would and check the format's rules and what the demo promises to show (every product
// type, stock levels, sale, subscription, gift card, additional-fields form, images, draft and scheduled items).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SITE = join(import.meta.dirname, '..', '..', '..', 'sites', 'demo');
const THEMES = join(SITE, '..', '..', 'themes');
// Dates in the demo are relative to the day it was written, so these checks do not change with the calendar.
const DEMO_WRITTEN = Date.parse('2026-11-21T00:00:00Z');

type Json = Record<string, any>;
const readJson = (path: string): Json => JSON.parse(readFileSync(join(SITE, path), 'utf8'));
const site = readJson('site.json');
const navigation = readJson('navigation.json');
const collections: Json[] = readdirSync(join(SITE, 'collections')).map((f) => readJson(`collections/${f}`));
const forms: Record<string, Json> = Object.fromEntries(readdirSync(join(SITE, 'forms')).map((f) => [f.replace(/\.json$/, ''), readJson(`forms/${f}`)]));
const byType = (type: string) => collections.filter((c) => c.type === type);
const shop = byType('products')[0];
const products: Json[] = shop.items;
const published = (items: Json[]) => items.filter((i) => i.status === 'published');
const stockOf = (v: Json) => (v.unlimited ? Infinity : v.stock);

const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'section',
  'radio',
  'checkbox',
  'select',
  'likert',
  'hidden',
];
const WITH_OPTIONS = ['radio', 'checkbox', 'select', 'likert'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
}

/** Every image the content points at, with the alt text that goes with it. */
function imageReferences(): { path: string; alt: string; where: string }[] {
  const refs: { path: string; alt: string; where: string }[] = [];
  for (const c of collections) {
    for (const item of c.items) {
      const where = `${c.urlId}/${item.urlId}`;
      if (item.mainImage) refs.push({ path: item.mainImage, alt: item.mainImageAlt ?? '', where });
      for (const image of item.product?.images ?? []) refs.push({ path: image.path, alt: image.alt ?? '', where });
      for (const image of item.images ?? []) refs.push({ path: image.path, alt: image.alt ?? image.title ?? '', where });
    }
  }
  return refs;
}

describe('demo site: site.json', () => {
  it('names a built-in theme and has the settings the store needs', () => {
    expect(existsSync(join(THEMES, site.theme, 'template.conf'))).toBe(true);
    expect(site.currency).toBe('USD');
    expect(site.language).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
    expect(() => new Intl.DateTimeFormat('en', { timeZone: site.timeZone })).not.toThrow();
    expect(existsSync(join(SITE, site.logo))).toBe(true);
  });

  it('sets up shipping, tax, a coupon, installments, no minimum, restock, scarcity and reviews', () => {
    const store = site.store;
    expect(store.minimumOrderSubtotal).toBe(0);
    expect(store.shippingOptions.length).toBeGreaterThan(0);
    for (const option of store.shippingOptions) expect(Number.isInteger(option.priceCents)).toBe(true);
    expect(store.taxRules.length).toBeGreaterThan(0);
    expect(store.coupons.length).toBeGreaterThan(0);
    expect(store.installments.numInstallments).toBe(4);
    expect(store.merchandising).toMatchObject({ restockNotificationsEnabled: true, scarcityEnabled: true, reviewsEnabled: true });
  });
});

describe('demo site: collections and navigation', () => {
  it('has one home page and collections of every kind the theme renders', () => {
    expect(collections.filter((c) => c.isHome)).toHaveLength(1);
    for (const type of ['page', 'products', 'blog', 'events', 'gallery', 'lessons']) expect(byType(type).length).toBeGreaterThan(0);
  });

  it('links navigation entries to collections that exist', () => {
    const urlIds = new Set(collections.map((c) => c.urlId));
    const walk = (entries: Json[]): void => {
      for (const e of entries) {
        if (e.items) walk(e.items);
        else if (e.collection) expect(urlIds.has(e.collection), e.collection).toBe(true);
        else expect(e.url).toMatch(/^(\/|https:\/\/)/);
      }
    };
    walk(navigation.main);
    walk(navigation.footer);
  });

  it('keeps to the content limits and gives every item a unique, URL-safe urlId and a known status', () => {
    for (const c of collections) {
      const ids = c.items.map((i: Json) => i.urlId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(c.items.length).toBeLessThanOrEqual(c.type === 'products' ? 200 : 250);
      for (const item of c.items) {
        expect(item.urlId).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(['published', 'scheduled', 'needs-review', 'draft', 'private']).toContain(item.status);
        for (const tag of item.tags ?? []) expect(tag.length).toBeLessThanOrEqual(50);
        for (const category of item.categories ?? []) expect(category.length).toBeLessThanOrEqual(25);
      }
    }
  });

  it('has a draft item and a scheduled item still in the future', () => {
    const all = collections.flatMap((c) => c.items);
    expect(all.some((i) => i.status === 'draft')).toBe(true);
    const scheduled = all.filter((i) => i.status === 'scheduled');
    expect(scheduled.length).toBeGreaterThan(0);
    for (const item of scheduled) expect(Date.parse(item.publishOn)).toBeGreaterThan(DEMO_WRITTEN);
  });

  it('refers only to forms and collections that exist from its pages', () => {
    for (const c of byType('page')) {
      for (const item of c.items) {
        if (item.form) expect(forms[item.form], item.form).toBeDefined();
        for (const summary of item.summaries ?? []) expect(collections.some((x) => x.urlId === summary.collection)).toBe(true);
      }
    }
  });

  it('makes its home, about and contact pages of sections whose blocks name forms, collections and pictures that exist', () => {
    for (const urlId of ['home', 'about', 'contact']) {
      const [item] = collections.find((c) => c.urlId === urlId)!.items;
      expect(item.sections?.length, urlId).toBeGreaterThan(0);
      for (const block of item.sections.flatMap((s: Json) => s.blocks)) {
        const settings = block.settings ?? {};
        if (block.kind === 'form' || block.kind === 'newsletter') expect(forms[settings.form], settings.form).toBeDefined();
        if (block.kind === 'summary')
          expect(
            collections.some((x) => x.urlId === settings.collection),
            settings.collection,
          ).toBe(true);
        if (block.kind === 'image') expect(existsSync(join(SITE, settings.image)), settings.image).toBe(true);
      }
    }
  });
});

describe('demo site: the shop', () => {
  it('sells at least 16 products covering every product type', () => {
    expect(published(products).length).toBeGreaterThanOrEqual(16);
    const types = new Set(published(products).map((p) => p.product.productType));
    expect([...types].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('prices every variant in integer cents and gives every variant a unique sku matching the option order', () => {
    const skus = new Set<string>();
    for (const p of products) {
      expect(p.product.variants.length, p.urlId).toBeGreaterThan(0);
      for (const v of p.product.variants) {
        expect(Number.isInteger(v.priceCents) && v.priceCents > 0, v.sku).toBe(true);
        if (v.onSale) expect(v.salePriceCents).toBeLessThan(v.priceCents);
        expect(v.unlimited || Number.isInteger(v.stock), v.sku).toBe(true);
        expect(Object.keys(v.attributes).sort()).toEqual([...(p.product.variantOptionOrdering ?? [])].sort());
        expect(skus.has(v.sku), v.sku).toBe(false);
        skus.add(v.sku);
      }
    }
  });

  it('has real stock levels: a sold-out variant beside stocked ones, a fully sold-out product and low stock', () => {
    const physical = published(products).filter((p) => p.product.productType === 1);
    const partlySoldOut = physical.filter((p) => {
      const stocks = p.product.variants.map(stockOf);
      return stocks.includes(0) && stocks.some((s: number) => s > 0);
    });
    expect(partlySoldOut.length).toBeGreaterThan(0);
    expect(physical.some((p) => p.product.variants.every((v: Json) => stockOf(v) === 0))).toBe(true);
    expect(physical.some((p) => p.product.variants.some((v: Json) => v.stock >= 1 && v.stock <= 3))).toBe(true);
  });

  it('puts products on sale', () => {
    expect(published(products).filter((p) => p.product.variants.some((v: Json) => v.onSale)).length).toBeGreaterThan(1);
  });

  it('offers a monthly subscription on a physical or service product', () => {
    const subscribable = products.filter((p) => p.product.isSubscribable);
    expect(subscribable.length).toBeGreaterThan(0);
    for (const p of subscribable) {
      expect([1, 3]).toContain(p.product.productType);
      expect(p.product.subscriptionPlan.billingPeriod).toEqual({ value: 1, unit: 'MONTH' });
    }
  });

  it('sells a gift card whose denominations match its variants', () => {
    const giftCard = products.find((p) => p.product.productType === 4)!;
    const denominations = giftCard.product.giftCard.denominationsCents;
    expect(denominations.length).toBeGreaterThan(1);
    expect(giftCard.product.variants.map((v: Json) => v.priceCents)).toEqual(denominations);
  });

  it('sells a digital product whose file is a real PDF', () => {
    const digital = products.find((p) => p.product.productType === 2)!;
    const pdf = readFileSync(join(SITE, digital.product.digital.file));
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // startxref must point at the cross-reference table, and each entry at its object.
    const xref = Number(/startxref\s+(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => {
      expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
    expect(offsets.length).toBeGreaterThan(4);
  });

  it('has a service, a paywall membership and products with additional-fields forms that exist', () => {
    expect(products.some((p) => p.product.productType === 3)).toBe(true);
    const paywall = products.find((p) => p.product.productType === 5)!;
    expect(paywall.product.paywall.grants).toBe('members');
    const withForm = products.filter((p) => p.product.additionalFieldsForm);
    expect(withForm.length).toBeGreaterThan(0);
    for (const p of withForm) expect(forms[p.product.additionalFieldsForm], p.urlId).toBeDefined();
  });
});

describe('demo site: journal, events, gallery, lessons', () => {
  it('has at least 5 published posts with pictures, tags and categories', () => {
    const posts = published(byType('blog')[0].items);
    expect(posts.length).toBeGreaterThanOrEqual(5);
    for (const post of posts) {
      expect(post.mainImage, post.urlId).toBeTruthy();
      expect(post.tags.length).toBeGreaterThan(0);
      expect(post.categories.length).toBeGreaterThan(0);
      expect(post.body.match(/<p>/g)!.length, post.urlId).toBeGreaterThanOrEqual(2);
    }
  });

  it('has at least 4 events, past and upcoming, each with a location', () => {
    const events = published(byType('events')[0].items);
    expect(events.length).toBeGreaterThanOrEqual(4);
    for (const e of events) {
      expect(Date.parse(e.endDate)).toBeGreaterThan(Date.parse(e.startDate));
      expect(e.location.addressTitle).toBeTruthy();
      expect(typeof e.location.mapLat).toBe('number');
    }
    expect(events.some((e) => Date.parse(e.endDate) < DEMO_WRITTEN)).toBe(true);
    expect(events.some((e) => Date.parse(e.startDate) > DEMO_WRITTEN)).toBe(true);
  });

  it('has a gallery of at least 8 pictures and 2 or 3 members-only lessons', () => {
    expect(published(byType('gallery')[0].items).length).toBeGreaterThanOrEqual(8);
    const lessons = byType('lessons')[0];
    expect(lessons.access).toBe('members');
    expect(lessons.items.length).toBeGreaterThanOrEqual(2);
    expect(lessons.items.length).toBeLessThanOrEqual(3);
  });
});

describe('demo site: forms', () => {
  it('uses only the field kinds of the spec, with options where a kind needs them', () => {
    for (const form of Object.values(forms)) {
      const ids = form.fields.map((f: Json) => f.id);
      expect(new Set(ids).size, form.id).toBe(ids.length);
      for (const field of form.fields) {
        expect(FIELD_TYPES, `${form.id}.${field.id}`).toContain(field.type);
        if (WITH_OPTIONS.includes(field.type)) expect(field.options.length, `${form.id}.${field.id}`).toBeGreaterThan(0);
      }
    }
  });

  it('has a contact form with name, email, a subject select, a message and a captcha', () => {
    const contact = forms.contact;
    expect(contact.captcha).toBe(true);
    expect(contact.fields.map((f: Json) => f.type)).toEqual(['name', 'email', 'select', 'textarea']);
  });

  it('has a newsletter form with an email field', () => {
    expect(forms.newsletter.newsletter).toBe(true);
    expect(forms.newsletter.fields.some((f: Json) => f.type === 'email' && f.required)).toBe(true);
  });

  it('shows every field kind somewhere, so the theme renders each one', () => {
    const used = new Set(Object.values(forms).flatMap((f) => f.fields.map((x: Json) => x.type)));
    expect([...used].sort()).toEqual([...FIELD_TYPES].sort());
  });
});

describe('demo site: images', () => {
  it('points only at image files that exist, each with a real alt text', () => {
    const refs = imageReferences();
    expect(refs.length).toBeGreaterThan(40);
    for (const ref of refs) {
      expect(existsSync(join(SITE, ref.path)), `${ref.where}: ${ref.path}`).toBe(true);
      expect(ref.alt.split(' ').length, `${ref.where}: alt of ${ref.path}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps each picture small and leaves no asset unused', () => {
    const referenced = new Set([...imageReferences().map((r) => r.path), site.logo]);
    for (const p of products) if (p.product.digital) referenced.add(p.product.digital.file);
    // Lesson videos and their captions (scripts/make-video.mjs).
    for (const c of collections) for (const item of c.items) if (item.video) for (const f of [item.video.path, item.video.captions]) if (f) referenced.add(f);
    // The journal's video post: its video and poster, named by path (scripts/make-video.mjs).
    for (const c of collections) for (const item of c.items) if (typeof item.video === 'string') referenced.add(item.video).add(item.videoPoster);
    for (const file of files(join(SITE, 'assets'))) {
      const path = relative(SITE, file);
      expect(referenced.has(path), `${path} is not used by the content`).toBe(true);
      if (path.endsWith('.svg')) expect(statSync(file).size, path).toBeLessThan(20_000);
    }
  });

  it('photographs the physical products as raster JPEG files of a few hundred KB, each with its alt text', () => {
    const photos = files(join(SITE, 'assets', 'shop', 'photos')).map((f) => relative(SITE, f));
    expect(photos.length).toBeGreaterThanOrEqual(12);
    const refs = imageReferences();
    for (const photo of photos) {
      expect(photo).toMatch(/\.jpg$/);
      const bytes = readFileSync(join(SITE, photo));
      expect(bytes.subarray(0, 3).toString('hex'), photo).toBe('ffd8ff'); // a JPEG file
      expect(bytes.length, photo).toBeGreaterThan(100_000);
      expect(bytes.length, photo).toBeLessThan(400_000);
      const ref = refs.find((r) => r.path === photo);
      expect(ref?.alt, photo).toMatch(/^A photograph of /);
    }
    // A product's photograph is the picture it opens on, but for the mug, whose variants show its glazes.
    for (const p of products.filter((i) => i.product.images.some((img: Json) => img.path.startsWith('assets/shop/photos/')))) {
      if (p.urlId === 'stoneware-mug') expect(p.mainImage).toBe('assets/shop/mug-blue.svg');
      else expect(p.mainImage, p.urlId).toBe(p.product.images[0].path);
    }
  });

  it('photographs the gallery: every picture a raster JPEG of a few hundred KB, 3:2, with its alt text', () => {
    const gallery = collections.find((c) => c.galleryOptions)!;
    expect(gallery.items.length).toBeGreaterThanOrEqual(9);
    for (const item of gallery.items) {
      expect(item.mainImage, item.title).toMatch(/^assets\/gallery\/photos\/[a-z-]+\.jpg$/);
      const bytes = readFileSync(join(SITE, item.mainImage));
      expect(bytes.subarray(0, 3).toString('hex'), item.mainImage).toBe('ffd8ff');
      expect(bytes.length, item.mainImage).toBeGreaterThan(100_000);
      expect(bytes.length, item.mainImage).toBeLessThan(400_000);
      expect(item.mainImageAlt.split(' ').length, item.mainImage).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives every lesson a small WebM video with English captions, its picture as the poster', () => {
    const lessons = byType('lessons')[0];
    for (const item of lessons.items) {
      expect(item.video.path).toMatch(/^assets\/lessons\/[a-z-]+\.webm$/);
      const video = readFileSync(join(SITE, item.video.path));
      expect(video.subarray(0, 4).toString('hex'), item.video.path).toBe('1a45dfa3'); // EBML: a WebM file
      expect(video.length).toBeLessThan(200_000);
      const captions = readFileSync(join(SITE, item.video.captions), 'utf8');
      expect(captions.startsWith('WEBVTT\n')).toBe(true);
      expect(captions).toMatch(/\d\d:\d\d\.\d{3} --> \d\d:\d\d\.\d{3}/);
      expect(item.video.poster).toBe(item.mainImage);
    }
    expect(lessons.items.filter((i: Json) => i.preview === true)).toHaveLength(1);
  });

  it('matches what the image script draws, so the committed pictures can be regenerated', () => {
    const out = mkdtempSync(join(tmpdir(), 'tessera-demo-images-'));
    execFileSync(process.execPath, [join(SITE, 'scripts', 'make-images.mjs'), '--out', out]);
    // Videos are recorded by Chromium (scripts/make-video.mjs), with the journal's poster, not drawn here: they are checked below.
    const committed = files(join(SITE, 'assets'))
      .map((f) => relative(join(SITE, 'assets'), f))
      .filter((f) => !/\.(webm|vtt)$|-poster\.jpg$/.test(f))
      .sort();
    const drawn = files(out)
      .map((f) => relative(out, f))
      .sort();
    expect(drawn).toEqual(committed);
    for (const f of drawn) expect(readFileSync(join(out, f)).equals(readFileSync(join(SITE, 'assets', f))), f).toBe(true);
  });
});
