// What the bootstrap calls: finds the forms islands' markers on the page and loads each island
// only when its marker is there (one small static module; the islands are separate chunks).
// A form far below the fold (the footer's newsletter) is brought to life when it comes near the
// viewport or the visitor reaches it (focus, a press, a submit), so a page does not pay for
// React and the form's code before anyone can see the form; what was typed meanwhile is kept.
import type { OverlayContext } from './popup-overlay.js';

const FORM_ISLAND_SELECTOR = 'form[data-tessera-island="form"]';
const UNSUBSCRIBE_ISLAND_SELECTOR = '[data-tessera-island="newsletter-unsubscribe"]';
/** How far outside the viewport a form starts loading. */
const NEAR_VIEWPORT = '400px 0px';

const REACHED = ['focusin', 'pointerdown', 'submit'] as const;

/** Calls `start` once per element, when it nears the viewport or is reached (at once without IntersectionObserver). */
function whenNeeded(elements: readonly HTMLElement[], start: (element: HTMLElement) => void): void {
  const pending = new Set(elements);
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const e of entries) if (e.isIntersecting) begin(e.target as HTMLElement);
          },
          { rootMargin: NEAR_VIEWPORT },
        )
      : null;
  const onReached = (event: Event) => {
    if (event.type === 'submit') event.preventDefault(); // the form posts nowhere by itself
    begin(event.currentTarget as HTMLElement);
  };
  function begin(element: HTMLElement) {
    if (!pending.delete(element)) return;
    observer?.unobserve(element);
    for (const type of REACHED) element.removeEventListener(type, onReached, true);
    start(element);
  }
  for (const element of elements) {
    if (!observer) {
      begin(element);
      continue;
    }
    observer.observe(element);
    for (const type of REACHED) element.addEventListener(type, onReached, true);
  }
}

type Typed = { name: string; value: string; focused: boolean };

/** The text the visitor typed into the server's form before the island took it over. */
function typedValues(form: HTMLElement): Typed[] {
  return Array.from(form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea'))
    .filter((el) => el.name && el.value !== el.defaultValue)
    .map((el) => ({ name: el.name, value: el.value, focused: el === document.activeElement }));
}

/** Puts typed text back into the island's (React-controlled) inputs, and the focus where it was. */
function restore(form: Element | null, typed: Typed[], focusedName: string | null): void {
  if (!form) return;
  for (const { name, value } of typed) {
    const el = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${CSS.escape(name)}"]`);
    if (!el) continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
    setter?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (focusedName) form.querySelector<HTMLElement>(`[name="${CSS.escape(focusedName)}"]`)?.focus();
}

export function registerFormIslands(doc: Document, context: OverlayContext | null): void {
  const ctx = context ?? {};
  const forms = Array.from(doc.querySelectorAll<HTMLElement>(FORM_ISLAND_SELECTOR));
  if (forms.length > 0) {
    whenNeeded(forms, (form) => {
      void import('./index.js').then((m) => {
        const typed = typedValues(form);
        const focused = form.contains(doc.activeElement) ? (doc.activeElement as HTMLInputElement).name || null : null;
        const mounted = m.mountForm(form, ctx);
        if (typed.length > 0 || focused)
          restore(doc.querySelector(`.tessera-form-island form[data-form-id="${CSS.escape(mounted.model.id)}"]`), typed, focused);
      });
    });
  }
  const unsubscribe = doc.querySelector<HTMLElement>(UNSUBSCRIBE_ISLAND_SELECTOR);
  if (unsubscribe) void import('./unsubscribe.js').then((m) => m.mountNewsletterUnsubscribe(unsubscribe));
  if (ctx.popupOverlay) void import('./popup-overlay.js').then((m) => m.mountPopupOverlay(ctx));
}

/** The bootstrap's entry for the forms islands (and the popup overlay, which has no marker): the page's forms, with its site context. */
export function mount(_elements: Element[], tessera: { readonly context: unknown }): void {
  registerFormIslands(document, tessera.context as OverlayContext | null);
}
