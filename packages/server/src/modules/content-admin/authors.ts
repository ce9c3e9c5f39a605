import { AppError } from '../../errors.js';
import type { Executor } from '../../storage/statement.js';
import type { ContentDocument } from './document.js';

/** A staff account as a post's author: its id and the name visitors read. */
export interface Author {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/**
 * The name a byline shows for an account. Accounts have an email and no name of their own; the
 * part before the "@" is shown, so that a public page never prints a staff member's address.
 */
function bylineName(email: string): string {
  const local = email.split('@')[0] ?? '';
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** The site's staff accounts, by email: whom the editor offers as a post's author. */
export async function listAuthors(db: Executor, websiteId: string): Promise<Author[]> {
  const rows = await db.selectFrom('owner_accounts').select(['id', 'email']).where('website_id', '=', websiteId).orderBy('email').execute();
  return rows.map((r) => ({ id: r.id, name: bylineName(r.email), email: r.email }));
}

async function findAuthor(db: Executor, websiteId: string, id: string): Promise<Author | undefined> {
  const row = await db.selectFrom('owner_accounts').select(['id', 'email']).where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, name: bylineName(row.email), email: row.email } : undefined;
}

/**
 * The document with its author's name taken from the account it names (never from the browser);
 * an author named without an account (an imported post's) keeps its name. An id that is not one of
 * the site's accounts is refused at its field.
 */
export async function withAuthorName(db: Executor, websiteId: string, document: ContentDocument): Promise<ContentDocument> {
  const id = document.author?.id;
  if (!id) return document;
  const account = await findAuthor(db, websiteId, id);
  if (!account) throw new AppError('VALIDATION_FAILED', undefined, { author: 'Choose an author among the site’s staff.' });
  return { ...document, author: { id: account.id, name: account.name } };
}
