// Focus containment for dialogs and the lightbox: Tab and Shift+Tab cycle inside, and focus that
// lands outside (a click on the page, a screen reader's jump) is brought back. It is given exactly
// one of a container or a predicate saying which elements belong inside (platform.md section 5).
import { HELPER_MESSAGES } from '@tessera/core/constants';

export interface FocusContainmentOptions {
  readonly container?: HTMLElement;
  readonly predicate?: (element: Element) => boolean;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Elements that take focus by Tab, in document order (hidden and inert ones left out). */
export function focusableIn(root: ParentNode, predicate?: (el: Element) => boolean): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]') && (!predicate || predicate(el)));
}

export interface FocusContainment {
  release(): void;
}

export function containFocus(options: FocusContainmentOptions): FocusContainment {
  const { container, predicate } = options;
  if ((container === undefined) === (predicate === undefined)) throw new TypeError(HELPER_MESSAGES.focusContainment);
  const inside = (el: Element | null) => !!el && (container ? container.contains(el) : predicate!(el));
  const doc = container?.ownerDocument ?? document;
  const candidates = () => focusableIn(container ?? doc, container ? undefined : predicate);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const list = candidates();
    if (list.length === 0) {
      event.preventDefault();
      return;
    }
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const active = doc.activeElement;
    if (event.shiftKey && (active === first || !inside(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside(active))) {
      event.preventDefault();
      first.focus();
    }
  };
  const onFocusIn = (event: FocusEvent) => {
    if (inside(event.target as Element)) return;
    (candidates()[0] ?? container)?.focus();
  };
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('focusin', onFocusIn, true);
  return {
    release() {
      doc.removeEventListener('keydown', onKeyDown, true);
      doc.removeEventListener('focusin', onFocusIn, true);
    },
  };
}
