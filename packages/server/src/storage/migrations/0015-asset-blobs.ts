import { sql, type Kysely, type Transaction } from 'kysely';
import { originalKey, readAll } from '../blobs/index.js';
import type { MigrationEnv, MigrationFactory } from './types.js';

/**
 * Asset bytes leave the database for the blob store (storage/blobs: the data directory or object
 * storage), and images get their variants:
 * - every existing row's `content` is copied to its blob (`sites/<website>/originals/<sha256>`), one
 *   row at a time, before the schema changes: a failure there changes nothing in the database, and
 *   the copy is repeated safely (a blob already there is kept);
 * - then, in one transaction: `assets.blob_key` names the blob, `content` is dropped, and the columns
 *   of the image service are added (`color_data`, `placeholder`, `processed_on`, `media_error`) with
 *   the table of variants (`asset_variants`: one row per width and format, each its own blob).
 * Moving the bytes out at once, rather than reading old rows until they are imported again, keeps one
 * way to read an asset everywhere (the asset route, downloads, export): no second path to test. Rows
 * moved here have no variants yet: the `media-variants` job of a serving process makes them
 * (modules/media), and until then their original is served.
 */
export const assetBlobs: MigrationFactory = ({ bigint, blob }, env) => ({
  async up(db: Kysely<any>) {
    const { blobs } = needBlobs(env);
    const rows = await db.selectFrom('assets').select(['id', 'website_id', 'sha256']).execute();
    for (const row of rows) {
      const key = originalKey(row.website_id, row.sha256);
      if (await blobs.exists(key)) continue;
      const { content } = await db.selectFrom('assets').select('content').where('id', '=', row.id).executeTakeFirstOrThrow();
      await blobs.put(key, Buffer.from(content));
    }
    await inTransaction(db, async (tx) => {
      await tx.schema
        .alterTable('assets')
        .addColumn('blob_key', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await tx.schema.alterTable('assets').addColumn('color_data', 'text').execute();
      await tx.schema.alterTable('assets').addColumn('placeholder', 'text').execute();
      await tx.schema.alterTable('assets').addColumn('processed_on', bigint).execute();
      await tx.schema.alterTable('assets').addColumn('media_error', 'text').execute();
      await sql`update assets set blob_key = 'sites/' || website_id || '/originals/' || sha256`.execute(tx);
      await tx.schema.alterTable('assets').dropColumn('content').execute();
      await tx.schema
        .createTable('asset_variants')
        .addColumn('asset_id', 'text', (c) => c.notNull().references('assets.id').onDelete('cascade'))
        .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('blob_key', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('asset_variants_pk', ['asset_id', 'width', 'format'])
        .execute();
      await tx.schema.createIndex('asset_variants_website').on('asset_variants').column('website_id').execute();
      await tx.schema.createIndex('assets_unprocessed').on('assets').columns(['processed_on', 'website_id']).execute();
    });
  },

  async down(db: Kysely<any>) {
    await inTransaction(db, async (tx) => {
      await tx.schema.dropTable('asset_variants').execute();
      await tx.schema.dropIndex('assets_unprocessed').execute();
      await tx.schema.alterTable('assets').addColumn('content', blob).execute();
    });
    const rows = await db.selectFrom('assets').select(['id', 'blob_key']).execute();
    for (const row of rows) {
      const read = await needBlobs(env).blobs.get(row.blob_key);
      const content = read ? await readAll(read.stream) : Buffer.alloc(0);
      await db.updateTable('assets').set({ content }).where('id', '=', row.id).execute();
    }
    for (const column of ['blob_key', 'color_data', 'placeholder', 'processed_on', 'media_error']) {
      await db.schema.alterTable('assets').dropColumn(column).execute();
    }
  },
});

function needBlobs(env: MigrationEnv | undefined): MigrationEnv {
  if (!env) throw new Error('migration 0015-asset-blobs moves asset bytes: it needs the blob store of the assets');
  return env;
}

/**
 * PostgreSQL runs each migration in a transaction already; SQLite's migrations run without one
 * (Kysely counts SQLite's DDL as not transactional, though it is), so the schema change opens its own.
 */
async function inTransaction(db: Kysely<any>, work: (tx: Kysely<any> | Transaction<any>) => Promise<void>): Promise<void> {
  if (db.isTransaction) await work(db);
  else await db.transaction().execute(work);
}
