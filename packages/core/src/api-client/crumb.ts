// The one reader of the crumb cookie, in a module and subpath export of its own
// (`@tessera/core/api-client/crumb`): the storefront's bootstrap reads the crumb on every page, and a
// bundler moves a module shared by the bootstrap and the islands into the bootstrap whole, so the
// bootstrap imports this file alone and the rest of the client stays in the islands' chunks.

// Core is built without the DOM's types: the one global this file reads.
declare const document: { readonly cookie: string };

/**
 * The `crumb` cookie's value (of the page's cookies, or of `doc`'s), or null. No such cookie, cookies
 * blocked in a sandboxed frame and no page at all (Node) all end in the catch: the bootstrap carries
 * this function on every page, where each byte counts.
 */
export function readCrumb(doc?: { readonly cookie: string }): string | null {
  try {
    return decodeURIComponent(/(?:^|; )crumb=([^;]+)/.exec((doc || document).cookie)![1]!);
  } catch {
    return null;
  }
}
