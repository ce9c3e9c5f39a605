import { WebsiteRole } from '@tessera/core/enums';

/**
 * The spec's website roles (platform.md section 3) with the names the studio shows: the enum's
 * names in lower case with spaces ("store manager"), as docs/roles.md writes them. In code order.
 */
export const STAFF_ROLES: readonly { code: number; name: string }[] = Object.entries(WebsiteRole)
  .map(([key, code]) => ({ code, name: key.toLowerCase().replace(/_/g, ' ') }))
  .sort((a, b) => a.code - b.code);

const NAMES = new Map(STAFF_ROLES.map((r) => [r.code, r.name]));

export function isStaffRole(code: unknown): code is number {
  return typeof code === 'number' && NAMES.has(code);
}

export function roleName(code: number | null): string {
  return (code !== null && NAMES.get(code)) || 'none';
}
