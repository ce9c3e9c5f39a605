// Entry: the order-confirmed page (page type 202). The server renders the order; this island
// announces it and drops what express checkout left in session storage.
import { fillText, pageTexts } from '@tessera/core/cart';
import type { TesseraGlobal } from '../../bootstrap.js';
import { EXPRESS_CHECKOUT_KEY } from '../../islands/add-to-cart/express.js';

export function mount(elements: Element[], tessera: TesseraGlobal): void {
  const element = elements[0] as HTMLElement;
  try {
    window.sessionStorage.removeItem(EXPRESS_CHECKOUT_KEY);
  } catch {
    // no session storage
  }
  const number = element.dataset.orderNumber;
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  element.append(status);
  // Filled after it is in the page, so that screen readers announce it.
  if (number) setTimeout(() => (status.textContent = fillText(pageTexts(tessera.context?.language).orderConfirmed, { orderNumber: number })), 100);
}
