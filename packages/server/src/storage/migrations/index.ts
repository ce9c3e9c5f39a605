import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from './types.js';
import { foundation } from './0001-foundation.js';
import { commerce } from './0002-commerce.js';
import { forms } from './0003-forms.js';
import { analytics } from './0004-analytics.js';
import { accounts } from './0005-accounts.js';
import { restockReviews } from './0006-restock-reviews.js';
import { jobLeases } from './0007-job-leases.js';
import { ownerSessionActivity } from './0008-owner-session-activity.js';
import { orderHolds } from './0009-order-holds.js';
import { analyticsBots } from './0010-analytics-bots.js';
import { ownerStudio } from './0011-owner-studio.js';
import { orderAdmin } from './0012-order-admin.js';
import { customers } from './0013-customers.js';
import { storeSettings } from './0014-store-settings.js';
import { assetBlobs } from './0015-asset-blobs.js';
import { ordersStateIndex } from './0016-orders-state-index.js';
import { mediaLibrary } from './0017-media-library.js';
import { catalogue } from './0018-catalogue.js';
import { productAdmin } from './0019-product-admin.js';
import { inventoryLists } from './0020-inventory-lists.js';
import { moderationLists } from './0021-moderation-lists.js';
import { formSubmissionCounts } from './0022-form-submission-counts.js';
import { payments } from './0023-payments.js';
import { renewals } from './0024-renewals.js';
import { mediaVideo } from './0025-media-video.js';
import { uploadSessions } from './0026-upload-sessions.js';
import { contentDrafts } from './0027-content-drafts.js';
import { formBuilder } from './0028-form-builder.js';
import { itemSearchText } from './0030-item-search-text.js';
import { siteStyles } from './0031-site-styles.js';
import { comments } from './0032-comments.js';
import { columnTypes, type MigrationEnv, type MigrationFactory } from './types.js';

/** Every migration, in order. Names are stable: they are recorded in the store. */
const MIGRATIONS: Record<string, MigrationFactory> = {
  '0001-foundation': foundation,
  '0002-commerce': commerce,
  '0003-forms': forms,
  '0004-analytics': analytics,
  '0005-accounts': accounts,
  '0006-restock-reviews': restockReviews,
  '0007-job-leases': jobLeases,
  '0008-owner-session-activity': ownerSessionActivity,
  '0009-order-holds': orderHolds,
  '0010-analytics-bots': analyticsBots,
  '0011-owner-studio': ownerStudio,
  '0012-order-admin': orderAdmin,
  '0013-customers': customers,
  '0014-store-settings': storeSettings,
  '0015-asset-blobs': assetBlobs,
  '0016-orders-state-index': ordersStateIndex,
  '0017-media-library': mediaLibrary,
  '0018-catalogue': catalogue,
  '0019-product-admin': productAdmin,
  '0020-inventory-lists': inventoryLists,
  '0021-moderation-lists': moderationLists,
  '0022-form-submission-counts': formSubmissionCounts,
  '0023-payments': payments,
  '0024-renewals': renewals,
  '0025-media-video': mediaVideo,
  '0026-upload-sessions': uploadSessions,
  '0027-content-drafts': contentDrafts,
  '0028-form-builder': formBuilder,
  '0030-item-search-text': itemSearchText,
  '0031-site-styles': siteStyles,
  '0032-comments': comments,
};

/** For listing the migrations only: running one that moves asset bytes needs the store's blob store. */
const WITHOUT_BLOBS: MigrationEnv = {
  get blobs(): never {
    throw new Error('this migration needs the blob store of the assets: open the store with openStore()');
  },
};

export class TesseraMigrations implements MigrationProvider {
  constructor(
    private readonly dialect: Dialect,
    private readonly env: MigrationEnv = WITHOUT_BLOBS,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const types = columnTypes(this.dialect);
    return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(types, this.env)]));
  }
}
