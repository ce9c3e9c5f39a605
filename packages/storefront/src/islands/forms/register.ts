// What the bootstrap calls: finds the forms islands' markers on the page and loads each island
// only when its marker is there (one small static module; the islands are separate chunks).
import type { OverlayContext } from './popup-overlay.js';

export const FORM_ISLAND_SELECTOR = 'form[data-tessera-island="form"]';
export const UNSUBSCRIBE_ISLAND_SELECTOR = '[data-tessera-island="newsletter-unsubscribe"]';

export function registerFormIslands(doc: Document, context: OverlayContext | null): void {
  const ctx = context ?? {};
  const forms = Array.from(doc.querySelectorAll<HTMLElement>(FORM_ISLAND_SELECTOR));
  if (forms.length > 0) void import('./index.js').then((m) => forms.forEach((form) => m.mountForm(form, ctx)));
  const unsubscribe = doc.querySelector<HTMLElement>(UNSUBSCRIBE_ISLAND_SELECTOR);
  if (unsubscribe) void import('./unsubscribe.js').then((m) => m.mountNewsletterUnsubscribe(unsubscribe));
  if (ctx.popupOverlay) void import('./popup-overlay.js').then((m) => m.mountPopupOverlay(ctx));
}
