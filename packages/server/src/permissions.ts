import { WebsiteRole } from '@tessera/core/enums';

/**
 * Who may do what, in one place: one named function per entity and action (issue 8). The owner's
 * sign-in (modules/admin) makes an `OwnerAuth`; the accounts issue will add visitor accounts and
 * roles beside it. A permission always names the site: an owner of one site has no rights on another.
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

function hasRole(auth: OwnerAuth | null | undefined, websiteId: string, roles: readonly number[]): auth is OwnerAuth {
  return !!auth && auth.websiteId === websiteId && auth.websiteRoles.some((r) => roles.includes(r));
}

/** The owner's analytics view and its API: admins, reporting and website managers. */
export function canViewAnalytics(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return hasRole(auth, websiteId, [WebsiteRole.ADMIN, WebsiteRole.REPORTING, WebsiteRole.WEBSITE_MANAGER]);
}

/** Any page of the configuration area (/config/...): a role on the site other than none or viewer. */
export function canOpenConfig(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return !!auth && auth.websiteId === websiteId && auth.websiteRoles.some((r) => r !== WebsiteRole.NONE && r !== WebsiteRole.VIEWER);
}

/** Signing out ends one's own session only. */
export function canEndSession(auth: OwnerAuth | null | undefined, sessionId: string): boolean {
  return !!auth && auth.sessionId === sessionId;
}

/** The store's merchandising (issue 7): restock signup lists and sending them; admins, store managers, website managers. */
export function canManageRestock(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return hasRole(auth, websiteId, [WebsiteRole.ADMIN, WebsiteRole.STORE_MANAGER, WebsiteRole.WEBSITE_MANAGER]);
}

/** Changing a variant's stock (the owner's inventory call): the same roles as the store's merchandising. */
export function canManageInventory(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return hasRole(auth, websiteId, [WebsiteRole.ADMIN, WebsiteRole.STORE_MANAGER, WebsiteRole.WEBSITE_MANAGER]);
}

/** The commerce email previews (page type 301): whoever manages the store or edits the site. */
export function canPreviewCommerceEmail(auth: OwnerAuth | null | undefined, websiteId: string): auth is OwnerAuth {
  return hasRole(auth, websiteId, [WebsiteRole.ADMIN, WebsiteRole.STORE_MANAGER, WebsiteRole.WEBSITE_MANAGER, WebsiteRole.EDITOR]);
}
