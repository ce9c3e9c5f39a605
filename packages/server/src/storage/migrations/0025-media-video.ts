import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Video and audio in the media library: a file's duration read from its content, the library image
 * shown before a video plays (its poster), and, for entries added from a link, what the provider's
 * oEmbed answer said (provider, player address, title, author, size). Rows already stored get their
 * duration from the `media-durations` job.
 */
export const mediaVideo: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('assets').addColumn('duration_ms', bigint).execute();
    await db.schema.alterTable('assets').addColumn('poster_asset_id', 'text').execute();
    await db.schema.alterTable('assets').addColumn('embed', 'text').execute();
    await db.schema.createIndex('assets_poster').on('assets').columns(['poster_asset_id']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('assets_poster').execute();
    for (const column of ['embed', 'poster_asset_id', 'duration_ms']) await db.schema.alterTable('assets').dropColumn(column).execute();
  },
});
