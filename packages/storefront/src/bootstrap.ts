// The one script every page loads (type="module", hashed by Vite). It reads the site context the
// server embedded in the page and exposes it; later it finds the markers the engine's snippets
// rendered (add-to-cart buttons, cart indicators, forms) and loads only the islands a page needs.

/** The site context for the browser (docs/site-format.md, "The site context for the browser"). */
export interface SiteContext {
  websiteId: string;
  templateId: string;
  authenticatedAccountId: string | null;
  pageType: number;
  collectionId: string | null;
  itemId: string | null;
  language: string;
  cookieSettings: { isRestrictiveCookiePolicyEnabled: boolean; isCookieBannerEnabled: boolean };
  captchaSiteKey: string | null;
  timeZone: { name: string; offset: number; abbreviation: string };
  currency: string;
  storeSettings: Record<string, unknown>;
}

export interface TesseraGlobal {
  readonly context: SiteContext | null;
  /** The CSRF crumb to send as X-CSRF-Token on state-changing API calls. */
  crumb(): string | null;
}

declare global {
  interface Window {
    Tessera?: TesseraGlobal;
  }
}

import { registerFormIslands } from './islands/forms/register.js';

export const CONTEXT_ELEMENT_ID = 'tessera-context';

export function readSiteContext(doc: Document = document): SiteContext | null {
  const element = doc.getElementById(CONTEXT_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SiteContext;
  } catch {
    return null;
  }
}

export function readCrumb(doc: Document = document): string | null {
  const match = /(?:^|;\s*)crumb=([^;]+)/.exec(doc.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

export function boot(win: Window = window): TesseraGlobal {
  const tessera: TesseraGlobal = Object.freeze({ context: readSiteContext(win.document), crumb: () => readCrumb(win.document) });
  win.Tessera = tessera;
  win.document.dispatchEvent(new CustomEvent('tessera:ready', { detail: tessera.context }));
  registerFormIslands(win.document, tessera.context);
  return tessera;
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') boot();
