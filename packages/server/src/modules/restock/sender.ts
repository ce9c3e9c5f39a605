import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../mail/index.js';
import { siteSender } from '../../mail/site.js';
import type { Store } from '../../storage/dialect.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { SEND_BATCH } from './limits.js';
import { restockSettings } from './settings.js';
import './mail.js';
import { claimWaiting, findRestockVariants, inStock, productImagePath, productPath, restockedWaiting, type RestockVariant } from './store.js';

export interface RestockSenderDeps {
  readonly store: Store;
  readonly mail: Mailer;
  readonly clock: Clock;
  /** MAIL_FROM */
  readonly mailFrom: string;
  readonly log: FastifyBaseLogger;
  /** A site's snapshot by id, for the automatic sender (which has no request). */
  readonly loadSite: (websiteId: string) => Promise<SiteSnapshot | undefined>;
}

export interface SendResult {
  readonly productId: string;
  readonly variantId: string;
  /** Visitors mailed by this call. */
  readonly sent: number;
}

/**
 * Sends the restock notices of a variant: every waiting signup gets the `restock-notice` mail once.
 * Each batch is one write transaction that checks the variant's stock again, marks the signups
 * notified (claimWaiting: guarded, so two sends that race mail each signup once between them) and
 * writes their mail to the outbox; the sender is kicked after the commit.
 */
export class RestockSender {
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly deps: RestockSenderDeps,
    private readonly batch = SEND_BATCH,
  ) {}

  async send(s: SiteSnapshot, productId: string, variantId: string): Promise<SendResult> {
    const { store, clock } = this.deps;
    const variant = (await findRestockVariants(store.db, s, [variantId], clock())).get(variantId);
    if (!variant) throw new AppError('ITEM_UNAVAILABLE');
    if (variant.itemId !== productId) throw new AppError('VARIANT_UNAVAILABLE');
    let sent = 0;
    try {
      for (;;) {
        const claimed = await writeTransaction(store, (tx) => this.sendBatch(tx, s, variant));
        if (claimed === null) {
          // Out of stock before anything was sent is the owner's 409; running out midway (a checkout
          // took the last unit) stops the sending, and those not mailed stay waiting.
          if (sent === 0) throw new AppError('RESTOCK_OUT_OF_STOCK');
          break;
        }
        sent += claimed;
        // Only an empty batch ends the sending: under concurrent sends a batch comes back short when
        // another sender held some of the rows it chose, while others may still be waiting.
        if (claimed === 0) break;
      }
    } finally {
      if (sent > 0) this.deps.mail.kick();
    }
    return { productId, variantId, sent };
  }

  private async sendBatch(tx: Executor, s: SiteSnapshot, variant: RestockVariant): Promise<number | null> {
    const { mail, mailFrom, clock } = this.deps;
    const live = await tx.selectFrom('product_variants').select(['stock', 'unlimited']).where('id', '=', variant.variantId).executeTakeFirst();
    if (!live || !inStock({ productType: variant.productType, stock: live.stock, unlimited: live.unlimited === 1 })) return null;
    const claimed = await claimWaiting(tx, s.website.id, variant.variantId, clock(), this.batch);
    const path = productPath(s, variant);
    const image = productImagePath(s, variant);
    for (const signup of claimed) {
      const sender = siteSender(s, signup.base_url, mailFrom);
      const outboxId = await mail.send(tx, {
        websiteId: s.website.id,
        kind: 'restock-notice',
        to: signup.email,
        from: sender.from,
        site: sender.site,
        input: {
          productTitle: variant.title,
          variantText: variant.variantText,
          productUrl: `${signup.base_url}${path}`,
          imageUrl: image ? (image.startsWith('/') ? `${signup.base_url}${image}` : image) : null,
        },
      });
      await tx.updateTable('restock_signups').set({ outbox_id: outboxId }).where('id', '=', signup.id).execute();
    }
    return claimed.length;
  }

  /**
   * The automatic sender: waiting signups whose variant is in stock again, on sites that enable
   * `restockAutoSend`, are sent. It covers every way stock comes back (the owner's inventory call
   * kicks it at once; an import, or stock given back by a declined payment, is found by the next
   * sweep). Several processes may sweep at once: claimWaiting keeps each mail single.
   */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepOnce().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    const { store, loadSite, log } = this.deps;
    const due = await restockedWaiting(store.db);
    const sites = new Map<string, SiteSnapshot | undefined>();
    let sent = 0;
    for (const row of due) {
      if (!sites.has(row.website_id)) sites.set(row.website_id, await loadSite(row.website_id));
      const s = sites.get(row.website_id);
      if (!s || !restockSettings(s).autoSend) continue;
      try {
        sent += (await this.send(s, row.item_id, row.variant_id)).sent;
      } catch (error) {
        if (error instanceof AppError && error.status < 500) continue; // sold out again meanwhile: the next sweep looks again
        log.error({ err: error, variantId: row.variant_id }, 'restock: the automatic send failed');
      }
    }
    if (sent > 0) log.info({ sent }, 'restock: notices sent automatically for variants back in stock');
    return sent;
  }

  /** Waits for a sweep under way (the job's, or one kicked by a stock change), on close. */
  async stop(): Promise<void> {
    await this.sweeping?.catch(() => undefined);
  }
}
