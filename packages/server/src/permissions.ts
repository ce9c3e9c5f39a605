import { WebsiteRole } from '@tessera/core/enums';

/**
 * Who may do what, in one place: one named function per entity and action. The
 * owner's and contributors' sign-in (modules/admin) makes an `OwnerAuth` with the account's
 * website role (platform.md section 3: admin 1, billing 2, reporting 3, editor 4, moderator 6,
 * commenter 7, store manager 8, scheduling 9, viewer 10, campaigns editor 11, scheduling viewer
 * 12, scheduling editor 13, none 14, website manager 15). A permission always names the site: a
 * role on one site gives no right on another. The matrix is documented in docs/roles.md, which a
 * test compares with ROLE_MATRIX.
 */
export interface OwnerAuth {
  readonly accountId: string;
  readonly websiteId: string;
  readonly email: string;
  /** WebsiteRole codes (platform.md section 3): the owner account has admin (1). */
  readonly websiteRoles: readonly number[];
  /** The session's id (the hash of its token), so that it can be revoked. */
  readonly sessionId: string;
}

const R = WebsiteRole;

/** Each permission and the roles that hold it. Admin holds every one. */
export const ROLE_MATRIX = {
  /** The configuration area itself (/config/...): every role on the site but none and viewer. */
  openConfig: [
    R.ADMIN,
    R.BILLING,
    R.REPORTING,
    R.EDITOR,
    R.MODERATOR,
    R.COMMENTER,
    R.STORE_MANAGER,
    R.SCHEDULING,
    R.CAMPAIGNS_EDITOR,
    R.SCHEDULING_VIEWER,
    R.SCHEDULING_EDITOR,
    R.WEBSITE_MANAGER,
  ],
  /** The analytics view and its API (/config/analytics, /api/owner/analytics). */
  viewAnalytics: [R.ADMIN, R.REPORTING, R.WEBSITE_MANAGER],
  /** The site's header and footer (PUT /api/site-header-footer). */
  editHeaderFooter: [R.ADMIN, R.EDITOR, R.WEBSITE_MANAGER],
  /** The published languages (PUT /api/multilingual/languages, DELETE /api/multilingual/connection). */
  manageLanguages: [R.ADMIN, R.EDITOR, R.WEBSITE_MANAGER],
  /** Pages, collections and items. */
  editContent: [R.ADMIN, R.EDITOR, R.WEBSITE_MANAGER],
  /** Code blocks of a page (HTML served as it is written, sandboxed): add, change or remove them. */
  editCode: [R.ADMIN, R.WEBSITE_MANAGER],
  /** The site's styles (/config/design, /api/owner/design): palette, colour and font themes, the theme's settings, the theme itself. */
  editStyles: [R.ADMIN, R.WEBSITE_MANAGER],
  /** Seeing the site as its staff does: members' areas, protected pages and a locked site without a password. */
  previewRestricted: [R.ADMIN, R.EDITOR, R.STORE_MANAGER, R.VIEWER, R.WEBSITE_MANAGER],
  /** Orders: read. */
  viewOrders: [R.ADMIN, R.BILLING, R.REPORTING, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** Orders: change (mark paid, fulfil, refund, cancel, notes). */
  manageOrders: [R.ADMIN, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** The catalogue: products, their variants and prices, their order in a collection, stock, CSV import and export. */
  manageProducts: [R.ADMIN, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** Product reviews: approve, hide, delete, reply as the shop, and whether reviews wait for approval. */
  moderateReviews: [R.ADMIN, R.MODERATOR, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** Restock notices: send them (POST .../restock/send, /send/all). */
  sendRestockNotices: [R.ADMIN, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** Restock sign-ups: read the lists (GET .../restock, /groups, the /config/restock page). */
  viewRestockSignups: [R.ADMIN, R.REPORTING, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** The commerce email previews (page type 301). */
  previewCommerceEmail: [R.ADMIN, R.EDITOR, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** Customers (buyers and visitor accounts), their orders, addresses and memberships: read. */
  viewCustomers: [R.ADMIN, R.REPORTING, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** Form submissions: read, search and export them (what visitors wrote about themselves). */
  viewFormSubmissions: [R.ADMIN, R.EDITOR, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** Form submissions: delete one or all; a form's settings (where its submissions go). */
  manageFormSubmissions: [R.ADMIN, R.EDITOR, R.WEBSITE_MANAGER],
  /** The mailing list: its subscribers, read, export and remove. */
  manageMailingList: [R.ADMIN, R.STORE_MANAGER, R.CAMPAIGNS_EDITOR, R.WEBSITE_MANAGER],
  /** The media library: upload, rename, describe and delete files (/api/owner/media). */
  manageMedia: [R.ADMIN, R.EDITOR, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** The store's settings: currency, shipping, taxes, coupons, payment providers, store messages. */
  manageStoreSettings: [R.ADMIN, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** Visitor accounts and their memberships. */
  manageSiteUsers: [R.ADMIN, R.STORE_MANAGER, R.WEBSITE_MANAGER],
  /** The site's plan and invoices. */
  manageBilling: [R.ADMIN, R.BILLING],
  /** Comments: approve, hide, delete. */
  moderateComments: [R.ADMIN, R.EDITOR, R.MODERATOR, R.WEBSITE_MANAGER],
  /** Comments: write as the site's staff. */
  postComments: [R.ADMIN, R.EDITOR, R.MODERATOR, R.COMMENTER, R.WEBSITE_MANAGER],
  /** Email campaigns. */
  editCampaigns: [R.ADMIN, R.CAMPAIGNS_EDITOR, R.WEBSITE_MANAGER],
  /** Appointments: read. */
  viewScheduling: [R.ADMIN, R.SCHEDULING, R.SCHEDULING_VIEWER, R.SCHEDULING_EDITOR],
  /** Appointments: change. */
  manageScheduling: [R.ADMIN, R.SCHEDULING, R.SCHEDULING_EDITOR],
  /** Contributors and their roles. */
  managePermissions: [R.ADMIN],
} as const satisfies Record<string, readonly number[]>;

export type Permission = keyof typeof ROLE_MATRIX;

/** Whether the signed-in account holds a permission on this site. */
export function can(auth: OwnerAuth | null | undefined, websiteId: string, permission: Permission): auth is OwnerAuth {
  const roles: readonly number[] = ROLE_MATRIX[permission];
  return !!auth && auth.websiteId === websiteId && auth.websiteRoles.some((r) => roles.includes(r));
}

/** The owner's analytics view and its API: admins, reporting and website managers. */
export function canViewAnalytics(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'viewAnalytics');
}

/** Any page of the configuration area (/config/...): a role on the site other than none or viewer. */
export function canOpenConfig(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'openConfig');
}

/** Every permission the account holds on this site (the owner's pages list what it may open). */
export function permissionsOf(auth: OwnerAuth | null | undefined, websiteId: string): Permission[] {
  return (Object.keys(ROLE_MATRIX) as Permission[]).filter((p) => can(auth, websiteId, p));
}

/** Signing out ends one's own session only. */
export function canEndSession(auth: OwnerAuth | null | undefined, sessionId: string): boolean {
  return !!auth && auth.sessionId === sessionId;
}

/** Replacing the site's header and footer: admins, editors and website managers. */
export function canEditHeaderFooter(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'editHeaderFooter');
}

/** Publishing languages and disconnecting the translation: admins, editors and website managers. */
export function canManageLanguages(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageLanguages');
}

export function canEditContent(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'editContent');
}

/** The site's styles and its theme (/config/design, /api/owner/design). */
/** Adding, changing or removing a page's code blocks (others with editContent may only move them). */
export function canEditCode(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'editCode');
}

/** Opening members' areas, protected pages and a locked site without joining or a password. */
export function canPreviewRestricted(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'previewRestricted');
}

export function canViewOrders(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'viewOrders');
}

export function canManageOrders(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageOrders');
}

export function canManageProducts(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageProducts');
}

export function canModerateReviews(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'moderateReviews');
}

export function canViewFormSubmissions(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'viewFormSubmissions');
}

export function canManageFormSubmissions(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageFormSubmissions');
}

export function canManageMailingList(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageMailingList');
}

/** Sending restock notices: admins, store managers and website managers. */
export function canSendRestockNotices(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'sendRestockNotices');
}

export function canViewRestockSignups(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'viewRestockSignups');
}

/** The commerce email previews (page type 301): whoever manages the store or edits the site. */
export function canPreviewCommerceEmail(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'previewCommerceEmail');
}

export function canViewCustomers(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'viewCustomers');
}

export function canManageStoreSettings(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageStoreSettings');
}

export function canEditStyles(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'editStyles');
}

export function canManageMedia(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageMedia');
}

export function canManageSiteUsers(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageSiteUsers');
}

export function canManageBilling(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageBilling');
}

export function canModerateComments(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'moderateComments');
}

export function canPostComments(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'postComments');
}

export function canEditCampaigns(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'editCampaigns');
}

export function canViewScheduling(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'viewScheduling');
}

export function canManageScheduling(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'manageScheduling');
}

export function canManagePermissions(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return can(auth, websiteId, 'managePermissions');
}

/**
 * A staff account's settings (PUT /api/owner/staff/:accountId): an admin (managePermissions) changes
 * any account's role and mail; every account of the studio says for itself, and only for itself,
 * whether it is mailed about new orders.
 */
export function canChangeStaffAccount(auth: OwnerAuth | null | undefined, websiteId: string, accountId: string, change: { role: boolean }): auth is OwnerAuth {
  const own = !!auth && auth.accountId === accountId;
  return canManagePermissions(auth, websiteId) || (!change.role && own && canOpenConfig(auth, websiteId));
}
