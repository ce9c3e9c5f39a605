import type { ColumnType } from 'kysely';
import type { Flag } from './schema.js';

/**
 * The tables of migration 0032-comments, added to the store's `Database` by declaration merging
 * (as schema-forms.ts does).
 */
export type CommentStatus = 'pending' | 'approved' | 'spam';

interface CommentsTable {
  id: string;
  website_id: string;
  /** The post (an item) the comment is on. */
  item_id: string;
  status: CommentStatus;
  author_name: string;
  /** Given by the visitor for the owner only; never shown on the site. */
  author_email: string | null;
  /** Plain text, as written (escaped where it is shown). */
  body: string;
  /** 1: written by the site's staff in the studio (a reply as the site). */
  by_site: ColumnType<Flag, Flag | undefined, Flag>;
  created_on: number;
  moderated_on: number | null;
  /** The account's email that approved it or marked it as spam. */
  moderated_by: string | null;
}

interface ContentLikesTable {
  website_id: string;
  item_id: string;
  /** A hash of the visitor's like cookie. */
  visitor_key: string;
  created_on: number;
}

interface CommentTables {
  comments: CommentsTable;
  content_likes: ContentLikesTable;
}

declare module './schema.js' {
  interface Database extends CommentTables {}
}
