// Hand-made page contexts for the theme tests, built from the demo site's files in the shape that
// docs/site-format.md gives ("The page context" and "Requested by the theme"). The server builds the real
// ones; these let the theme be rendered with Tessera's engine without a server or a store.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGalleryOptions } from '@tessera/core/gallery';
import { readLayout } from '@tessera/core/layout';
import { layoutSections, localizedStrings } from '@tessera/server';

type Json = Record<string, any>;

const SITE = join(import.meta.dirname, '..', '..', '..', 'sites', 'demo');
const read = (path: string): Json => JSON.parse(readFileSync(join(SITE, path), 'utf8'));
const site = read('site.json');
const nav = read('navigation.json');
const forms: Record<string, Json> = Object.fromEntries(readdirSync(join(SITE, 'forms')).map((f) => [f.replace(/\.json$/, ''), read(`forms/${f}`)]));
const collections: Json[] = readdirSync(join(SITE, 'collections')).map((f) => read(`collections/${f}`));
// A fixed "now" (the day the demo was written) keeps upcoming and past events stable.
export const NOW = Date.parse('2026-11-21T12:00:00Z');

const id = (s: string) => createHash('sha1').update(s).digest('hex').slice(0, 24);
export const money = (cents: number) => {
  const value = (cents / 100).toFixed(2);
  return { value, currency: site.currency, decimalValue: value, currencyCode: site.currency };
};
const visible = (item: Json) => item.status === 'published' || (item.status === 'scheduled' && Date.parse(item.publishOn) <= NOW);
const collectionUrl = (c: Json) => (c.isHome ? '/' : `/${c.urlId}`);

function image(path: string | undefined, alt: string | undefined) {
  if (!path) return undefined;
  return { id: id(path), assetUrl: `/${path}`, altText: alt ?? '', originalSize: '800x800', mediaFocalPoint: { x: 0.5, y: 0.5 }, systemDataVariants: '' };
}

function collectionContext(c: Json) {
  return {
    id: id(`c/${c.urlId}`),
    title: c.title,
    urlId: c.urlId,
    fullUrl: collectionUrl(c),
    typeName: c.type,
    type: c.type === 'products' ? 13 : 10,
    folder: false,
    description: c.description ?? '',
    itemCount: c.items.filter(visible).length,
    ...(c.type === 'gallery' ? { galleryOptions: parseGalleryOptions(c.galleryOptions).options } : {}),
  };
}

function structuredContent(p: Json) {
  const alts = Object.fromEntries((p.images ?? []).map((i: Json) => [i.path, i.alt]));
  const variants = p.variants.map((v: Json) => ({
    id: id(v.sku),
    sku: v.sku,
    attributes: v.attributes,
    optionValues: (p.variantOptionOrdering ?? []).map((o: string) => ({ optionName: o, value: v.attributes[o] })),
    price: v.priceCents,
    priceMoney: money(v.priceCents),
    salePrice: v.salePriceCents ?? 0,
    salePriceMoney: money(v.salePriceCents ?? 0),
    onSale: !!v.onSale,
    qtyInStock: v.stock ?? 0,
    unlimited: !!v.unlimited,
    ...(v.image ? { mainImage: image(v.image, alts[v.image]) } : {}),
  }));
  const form = p.additionalFieldsForm ? forms[p.additionalFieldsForm] : undefined;
  return {
    productType: p.productType,
    variantOptionOrdering: p.variantOptionOrdering ?? [],
    variants,
    isSubscribable: !!p.isSubscribable,
    ...(p.subscriptionPlan ? { subscriptionPlan: p.subscriptionPlan } : {}),
    priceMoney: variants[0].priceMoney,
    salePriceMoney: variants[0].salePriceMoney,
    onSale: variants[0].onSale,
    useCustomAddButtonText: !!p.customAddButtonText,
    customAddButtonText: p.customAddButtonText ?? '',
    ...(form ? { additionalFieldsFormId: form.id, additionalFieldsForm: form } : {}),
    ...(p.digital ? { digital: p.digital } : {}),
    ...(p.giftCard ? { giftCard: p.giftCard } : {}),
    ...(p.paywall ? { paywall: p.paywall } : {}),
    images: (p.images ?? []).map((i: Json) => image(i.path, i.alt)),
  };
}

function itemContext(c: Json, item: Json): Json {
  const context: Json = {
    id: id(`${c.urlId}/${item.urlId}`),
    collectionId: id(`c/${c.urlId}`),
    urlId: item.urlId,
    fullUrl: c.type === 'page' ? collectionUrl(c) : `/${c.urlId}/${item.urlId}`,
    title: item.title,
    excerpt: item.excerpt ?? '',
    body: item.body ?? '',
    tags: item.tags ?? [],
    categories: item.categories ?? [],
    author: { displayName: item.author ?? '' },
    publishOn: Date.parse(item.publishOn ?? '2026-01-01'),
    mainImage: image(item.mainImage, item.mainImageAlt),
    likeCount: 3,
    publicCommentCount: 0,
  };
  if (item.startDate) Object.assign(context, { startDate: Date.parse(item.startDate), endDate: Date.parse(item.endDate), location: item.location });
  if (item.product) context.structuredContent = structuredContent(item.product);
  if (item.form) context.form = forms[item.form];
  // A page made of sections: its layout as the server builds it (without the data kinds' data).
  if (item.sections) {
    const imageOf = (path: string, title: string, alt: string, caption: string) => ({
      ...image(path, alt),
      title,
      body: caption,
      filename: path.split('/').pop(),
    });
    context.layout = layoutSections(readLayout(item.sections).layout, { imageOf, socialAccounts: site.socialAccounts ?? [] });
  }
  if (item.summaries) {
    context.summaries = item.summaries.map((s: Json) => {
      const other = collections.find((x) => x.urlId === s.collection)!;
      return {
        title: s.title,
        collection: collectionContext(other),
        items: other.items
          .filter(visible)
          .slice(0, s.limit)
          .map((i: Json) => itemContext(other, i)),
      };
    });
  }
  return context;
}

function merchandising(items: Json[]) {
  const settings = site.store.merchandising;
  const out: Json = {};
  for (const item of items) {
    const sc = item.structuredContent;
    if (!sc) continue;
    const tracked = sc.variants.filter((v: Json) => !v.unlimited);
    const inStock = sc.variants.some((v: Json) => v.unlimited || v.qtyInStock > 0);
    out[item.id] = {
      mailingListSignUpEnabled: settings.restockNotificationsMailingListSignUpEnabled,
      mailingListOptInByDefault: false,
      restockNotificationMessages: {
        buttonText: 'Notify me',
        CTAText: 'Email me when it is back in stock',
        placeholderText: 'Email address',
        mailingListDescription: 'Also send me the newsletter',
      },
      restockNotificationViews: [1, 3].includes(sc.productType)
        ? tracked.filter((v: Json) => v.qtyInStock === 0).map((v: Json) => ({ variantId: v.id, hiddenByDefault: inStock }))
        : [],
      scarcityEnabled: settings.scarcityEnabled,
      scarcityText: settings.scarcityText.replace('{quantity}', '{qtyInStock}'),
      scarcityShownByDefault: sc.variants.length === 1,
      scarcityTemplateViews: tracked
        .filter((v: Json) => v.qtyInStock > 0 && v.qtyInStock <= settings.scarcityThreshold)
        .map((v: Json) => ({ ...(sc.variants.length > 1 ? { attributes: v.attributes } : {}), qtyInStock: v.qtyInStock })),
    };
  }
  return out;
}

function navigation(entries: Json[], currentUrl: string): Json[] {
  return entries.map((e) => {
    if (e.items) {
      const items = navigation(e.items, currentUrl);
      return { title: e.title, fullUrl: '', folder: true, external: false, active: items.some((i) => i.active), items };
    }
    const c = e.collection ? collections.find((x) => x.urlId === e.collection) : undefined;
    const fullUrl: string = c ? collectionUrl(c) : e.url;
    const active = fullUrl !== '/' && (currentUrl === fullUrl || currentUrl.startsWith(`${fullUrl}/`));
    return { title: e.title, fullUrl, folder: false, external: /^https?:/.test(fullUrl), active, items: [] };
  });
}

function base(pageType: number, currentUrl: string, shoppingCart?: Json): Json {
  return {
    pageType,
    website: {
      id: id('site'),
      identifier: site.identifier,
      siteTitle: site.siteTitle,
      siteDescription: site.siteDescription,
      baseUrl: 'http://localhost:3000',
      language: site.language,
      timeZone: site.timeZone,
      logoImageUrl: `/${site.logo}`,
      socialAccounts: site.socialAccounts,
      useCLDRMoneyFormat: true,
      captchaSettings: { siteKey: 'test' },
    },
    featureFlags: { useCLDRMoneyFormat: true },
    websiteSettings: { ...site.settings, storeSettings: { selectedCurrency: site.currency } },
    storeSettings: { selectedCurrency: site.currency, minimumOrderSubtotal: money(0), merchandisingSettings: site.store.merchandising },
    navigation: { main: navigation(nav.main, currentUrl), footer: navigation(nav.footer, currentUrl) },
    // The words the server gives the theme's pages in the site's language.
    localizedStrings: localizedStrings(site.language),
    newsletterForm: Object.values(forms).find((f) => f.newsletter),
    shoppingCart: shoppingCart ?? { entries: [], totalQuantity: 0, subtotalCents: 0, subtotalMoney: money(0) },
  };
}

const SPECIAL: Record<string, [number, string]> = {
  cart: [200, 'pages/cart.page'],
  checkout: [201, 'pages/checkout.page'],
  search: [102, 'pages/search.page'],
};

/** The theme template and the page context for a path of the demo site. */
export function pageFor(path: string, shoppingCart?: Json): { template: string; context: Json } {
  const segments = path.split('/').filter(Boolean);
  const special = SPECIAL[segments[0] ?? ''];
  if (special) {
    const context = base(special[0], path, shoppingCart);
    if (special[0] === 102) Object.assign(context, { search: { query: '', resultCount: 0 }, items: [] });
    return { template: special[1], context };
  }
  const c = segments.length ? collections.find((x) => x.urlId === segments[0]) : collections.find((x) => x.isHome);
  if (!c) return { template: 'pages/not-found.page', context: base(100, path, shoppingCart) };
  const collection = collectionContext(c);
  if (c.type === 'page') {
    return { template: 'collections/page.page', context: { ...base(2, collection.fullUrl, shoppingCart), collection, item: itemContext(c, c.items[0]) } };
  }
  const list = c.items.filter(visible);
  if (segments.length > 1) {
    const index = list.findIndex((i: Json) => i.urlId === segments[1]);
    if (index < 0) return { template: 'pages/not-found.page', context: base(100, path, shoppingCart) };
    const item = itemContext(c, list[index]);
    const link = (i: Json | undefined) => i && { title: i.title, fullUrl: `/${c.urlId}/${i.urlId}` };
    return {
      template: `collections/${c.type}.item`,
      context: {
        ...base(50, path, shoppingCart),
        collection,
        item,
        productMerchandisingContext: merchandising([item]),
        pagination: { prevItem: link(list[index - 1]), nextItem: link(list[index + 1]) },
      },
    };
  }
  const items: Json[] = list.map((i: Json) => itemContext(c, i));
  const context: Json = { ...base(1, collection.fullUrl, shoppingCart), collection, items, productMerchandisingContext: merchandising(items), pagination: {} };
  if (c.type === 'events') {
    context.upcoming = items.filter((i) => i.endDate >= NOW).sort((a, b) => a.startDate - b.startDate);
    context.past = items.filter((i) => i.endDate < NOW).sort((a, b) => b.startDate - a.startDate);
  }
  return { template: `collections/${c.type}.list`, context };
}

/** Every path of the demo site the theme renders: pages, lists and items (drafts included, they answer 404). */
export function demoPaths(): string[] {
  const paths = ['/', '/cart', '/checkout', '/search'];
  for (const c of collections) {
    if (!c.isHome) paths.push(`/${c.urlId}`);
    if (c.type !== 'page') for (const i of c.items) paths.push(`/${c.urlId}/${i.urlId}`);
  }
  return paths;
}
