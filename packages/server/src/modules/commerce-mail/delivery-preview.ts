import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { PageType, ProductType } from '../../constants.js';
import { siteSender } from '../../mail/site.js';
import { renderMail } from '../../mail/templates/index.js';
import type { Store } from '../../storage/dialect.js';
import { baseContext, itemUrl, notFoundPage, type SiteRenderer } from '../site/index.js';
import { siteTime } from './templates.js';

const DELIVERY_PREVIEW_PATH = '/config/delivery-preview';
/** Hours a download link lives when the product does not say (as paid orders issue them). */
const DEFAULT_LINK_LIFETIME_HOURS = 24;
const PREVIEW_RECIPIENT = 'customer@example.com';

/** A digital product of the site with its delivery settings, or undefined. */
async function digitalProduct(store: Store, websiteId: string, itemId: string) {
  return store.db
    .selectFrom('items')
    .innerJoin('products', 'products.item_id', 'items.id')
    .select(['items.id', 'items.title', 'items.url_id', 'items.collection_id', 'items.status', 'products.product_type', 'products.data'])
    .where('items.website_id', '=', websiteId)
    .where('items.id', '=', itemId)
    .executeTakeFirst();
}

/**
 * The digital product composer preview (page type 210, `pages/digital-product-preview.page`): what a
 * buyer of one digital product gets, before anyone buys it: the delivery part of the order confirmed
 * page (the download link and how long it works) and the download mail, made of the product's own
 * settings. For the owner's accounts that may edit products (the others are sent to the sign-in page,
 * as for every studio page). The links carry no valid token: a preview gives nobody the file.
 *   GET /config/delivery-preview/<itemId>
 */
export function deliveryPreviewPage(app: FastifyInstance, opts: { store: Store; renderer: SiteRenderer; clock: Clock; mailFrom: string }): void {
  const { store, renderer } = opts;
  app.get(`${DELIVERY_PREVIEW_PATH}/:itemId`, { config: { permission: 'manageProducts' } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const s = await renderer.snapshotFor(request);
    if (!s) return renderer.sendNotFound(request, reply);
    const req = renderer.pageRequest(request, s);
    const row = await digitalProduct(store, s.website.id, (request.params as { itemId: string }).itemId);
    const collection = row ? s.collectionsById.get(row.collection_id) : undefined;
    if (!row || !collection || row.product_type !== ProductType.DIGITAL) return renderer.send(request, reply, s, notFoundPage(req));
    const digital = (JSON.parse(row.data) as { digital?: { file?: unknown; linkLifetimeHours?: unknown } }).digital ?? {};
    const hours = typeof digital.linkLifetimeHours === 'number' && digital.linkLifetimeHours > 0 ? digital.linkLifetimeHours : DEFAULT_LINK_LIFETIME_HOURS;
    const file = typeof digital.file === 'string' ? digital.file : null;
    const baseUrl = req.baseUrl.replace(/\/$/, '');
    const download = {
      title: row.title,
      url: `${baseUrl}/api/commerce/downloads/preview?token=preview`,
      expiresOn: siteTime(req.now + hours * 3_600_000, s.language, s.timeZone),
    };
    const sender = siteSender(s, baseUrl, opts.mailFrom);
    const mail = renderMail('digital-download', { orderNumber: 1001, downloads: [download] }, sender.site);
    const context = baseContext(req, PageType.DIGITAL_PRODUCT_COMPOSER_PREVIEW);
    context.digitalProductPreview = {
      product: { id: row.id, title: row.title, fullUrl: itemUrl(s, collection, row), status: row.status },
      delivery: {
        fileName: file ? file.slice(file.lastIndexOf('/') + 1) : null,
        hasFile: file !== null,
        linkLifetimeHours: hours,
        download,
      },
      mail: { subject: mail.subject, from: sender.from, to: PREVIEW_RECIPIENT, html: mail.html, text: mail.text },
    };
    reply.header('x-robots-tag', 'noindex');
    return renderer.send(request, reply, s, { kind: 'page', status: 200, template: 'pages/digital-product-preview.page', context });
  });
}
