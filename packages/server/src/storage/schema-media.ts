/**
 * The table of migration 0026-upload-sessions (modules/media-library), added to the store's
 * `Database` by declaration merging (as schema-jobs.ts does).
 */
interface UploadSessionsTable {
  id: string;
  website_id: string;
  /** The staff member who started it: only they may append to it. */
  account_id: string;
  /** The file's name as the owner's computer gave it. */
  file_name: string;
  /** The kind the studio asked for (image, video...), or null for any. */
  kind: string | null;
  /** The file's size in bytes, declared at the start. */
  size: number;
  /** Every chunk but the last has exactly this many bytes. */
  chunk_size: number;
  /** Bytes stored so far: the offset of the next chunk. */
  received: number;
  /** The type found in the first chunk's content (null before it arrives). */
  content_type: string | null;
  created_on: number;
  /** When the last chunk arrived (or the session started). */
  touched_on: number;
}

declare module './schema.js' {
  interface Database {
    upload_sessions: UploadSessionsTable;
  }
}

export {};
