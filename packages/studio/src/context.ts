// What the server embeds in every owner page (`tessera-studio-context`, modules/admin/pages.ts): the
// page's folder name, the site, the signed-in account and the permissions its role holds, and the
// page's own data (its page.tsx reads those fields).

export interface StudioContext {
  /** The page's folder under src/pages/. */
  readonly page: string;
  readonly siteTitle: string;
  readonly language: string;
  /** The signed-in account (every page but the sign-in). */
  readonly email?: string;
  /** Every permission of ROLE_MATRIX the account's role holds on this site (docs/roles.md). */
  readonly permissions?: readonly string[];
}

export function readStudioContext<T extends StudioContext = StudioContext>(doc: Document = document): T {
  const text = doc.getElementById('tessera-studio-context')?.textContent;
  return (text ? JSON.parse(text) : { page: 'login', siteTitle: '', language: 'en-US' }) as T;
}
