import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Mailer, MailSite } from '../../mail/index.js';
import { newId } from '../../storage/ids.js';
import type { Database } from '../../storage/schema.js';
import type { SubscriberStatus } from '../../storage/schema-forms.js';
import { existingSiteSecret, siteSecret } from '../../storage/site-secrets.js';
import { signToken, verifyToken } from './tokens.js';

type Db = Kysely<Database> | Transaction<Database>;

const SECRET_NAME = 'mailing-list';
/** How long a confirmation link works; after that the visitor signs up again. */
const CONFIRM_LINK_TTL_MS = 7 * 24 * 3_600_000;

/** Page paths of the mailing list's links (under /account/, a prefix no collection may take). */
export const CONFIRM_PATH = '/account/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/account/newsletter/unsubscribe';

interface ListSite extends MailSite {
  readonly websiteId: string;
  /** The From of the site's mail (settings.mail.from or the default). */
  readonly from: string;
}

export interface OptIn {
  readonly site: ListSite;
  readonly email: string;
  /** Where the address came from: `newsletter-form`, later `restock`, ... */
  readonly source: string;
}

/**
 * One mailing list per site, with double opt-in: an address joins as `pending`, gets a mail with a
 * signed confirmation link and becomes `subscribed` when it is followed. Every mail to the list
 * carries a signed unsubscribe link to the newsletter-unsubscribe page (page type 300).
 */
export class MailingList {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: Mailer,
    private readonly clock: Clock,
  ) {}

  /**
   * Adds an address as pending and writes its confirmation mail, in the caller's transaction.
   * An address already subscribed stays so and gets no mail; a pending or unsubscribed one gets
   * a new confirmation mail. Returns the subscriber's status after the call.
   */
  async optIn(tx: Db, { site, email, source }: OptIn): Promise<SubscriberStatus> {
    const now = this.clock();
    const address = email.trim().toLowerCase();
    await tx
      .insertInto('mailing_list_subscribers')
      .values({
        id: newId(),
        website_id: site.websiteId,
        email: address,
        status: 'pending',
        source,
        created_on: now,
        updated_on: now,
        confirmed_on: null,
        unsubscribed_on: null,
      })
      .onConflict((oc) => oc.columns(['website_id', 'email']).doNothing())
      .execute();
    const subscriber = await tx
      .selectFrom('mailing_list_subscribers')
      .select(['id', 'status'])
      .where('website_id', '=', site.websiteId)
      .where('email', '=', address)
      .executeTakeFirstOrThrow();
    if (subscriber.status === 'subscribed') return 'subscribed';
    if (subscriber.status === 'unsubscribed') {
      await tx.updateTable('mailing_list_subscribers').set({ status: 'pending', updated_on: now }).where('id', '=', subscriber.id).execute();
    }
    const secret = await siteSecret(tx, site.websiteId, SECRET_NAME, now);
    const confirmUrl = `${site.baseUrl}${CONFIRM_PATH}?token=${signToken(secret, subscriber.id, 'confirm', now + CONFIRM_LINK_TTL_MS)}`;
    await this.mail.send(tx, {
      websiteId: site.websiteId,
      kind: 'newsletter-confirmation',
      to: address,
      from: site.from,
      site,
      input: { email: address, confirmUrl, unsubscribeUrl: await this.unsubscribeUrl(tx, site, subscriber.id) },
    });
    return 'pending';
  }

  /** The signed unsubscribe link of a subscriber, for the foot of every mail to the list. */
  async unsubscribeUrl(db: Db, site: { websiteId: string; baseUrl: string }, subscriberId: string): Promise<string> {
    const secret = await siteSecret(db, site.websiteId, SECRET_NAME, this.clock());
    return `${site.baseUrl}${UNSUBSCRIBE_PATH}?token=${signToken(secret, subscriberId, 'unsubscribe')}`;
  }

  /** Follows a confirmation link: the address becomes subscribed (again a no-op when it is). Null for a bad link. */
  async confirm(websiteId: string, token: unknown): Promise<{ email: string; status: SubscriberStatus } | null> {
    return this.follow(websiteId, token, 'confirm', 'subscribed');
  }

  /** Follows an unsubscribe link: the address leaves the list. Null for a bad link. */
  async unsubscribe(websiteId: string, token: unknown): Promise<{ email: string; status: SubscriberStatus } | null> {
    return this.follow(websiteId, token, 'unsubscribe', 'unsubscribed');
  }

  private async follow(websiteId: string, token: unknown, purpose: 'confirm' | 'unsubscribe', status: SubscriberStatus) {
    const now = this.clock();
    const secret = await existingSiteSecret(this.db, websiteId, SECRET_NAME, now);
    const id = secret ? verifyToken(secret, token, purpose, now) : null;
    if (!id) return null;
    const subscriber = await this.db
      .selectFrom('mailing_list_subscribers')
      .select(['id', 'email', 'status'])
      .where('id', '=', id)
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    if (!subscriber) return null;
    // A confirmation link that arrives after the address unsubscribed does not subscribe it again.
    if (purpose === 'confirm' && subscriber.status === 'unsubscribed') return { email: subscriber.email, status: subscriber.status };
    if (subscriber.status !== status) {
      await this.db
        .updateTable('mailing_list_subscribers')
        .set({
          status,
          updated_on: now,
          ...(status === 'subscribed' ? { confirmed_on: now, unsubscribed_on: null } : { unsubscribed_on: now }),
        })
        .where('id', '=', subscriber.id)
        .execute();
    }
    return { email: subscriber.email, status };
  }

  /** The list's addresses by status (owner tools, tests). */
  async members(websiteId: string): Promise<{ email: string; status: SubscriberStatus; source: string }[]> {
    return this.db
      .selectFrom('mailing_list_subscribers')
      .select(['email', 'status', 'source'])
      .where('website_id', '=', websiteId)
      .orderBy('created_on')
      .orderBy('email')
      .execute();
  }
}
