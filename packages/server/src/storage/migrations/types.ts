import type { Kysely } from 'kysely';
import type { BlobStore } from '../blobs/index.js';

/**
 * Column types that differ between the dialects: the one place a migration branches on the dialect.
 * Everything else (text, integer, indexes, foreign keys) is written once.
 */
export interface ColumnTypes {
  /** For what only raw SQL can say (triggers and their functions): one branch per dialect. */
  dialect: Dialect;
  /** Epoch milliseconds and other values beyond 32 bits. */
  bigint: 'bigint' | 'integer';
  blob: 'bytea' | 'blob';
  /** 64-bit floating point (measurements such as a layout shift score). */
  double: 'double precision' | 'real';
}

export function columnTypes(dialect: Dialect): ColumnTypes {
  switch (dialect) {
    case 'postgres':
      return { dialect, bigint: 'bigint', blob: 'bytea', double: 'double precision' };
    case 'sqlite':
      return { dialect, bigint: 'integer', blob: 'blob', double: 'real' };
  }
}

/** What a migration may reach besides the database: the blob store that holds the assets' bytes. */
export interface MigrationEnv {
  readonly blobs: BlobStore;
}

/** A migration written once, given the column types of the dialect it runs on. */
export type MigrationFactory = (
  types: ColumnTypes,
  env?: MigrationEnv,
) => {
  up(db: Kysely<any>): Promise<void>;
  down(db: Kysely<any>): Promise<void>;
};

/** The two SQL dialects of the store. */
export type Dialect = 'sqlite' | 'postgres';
