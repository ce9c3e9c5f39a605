// Entry: a list's quick view (storefront.md "Quick View"), fetched when a visitor first activates a
// quick-view link. The dialog (ui/Dialog: aria-modal, labelled by the product's title, focus kept
// inside, Escape and its close button, focus back on the link) shows the product's pictures, price,
// variant selects, quantity and the add-to-cart button, which the add-to-cart island brings to life
// as on the product page (the cart and its count update), and a link to the product page. Opening it
// sends `POST /api/census/RecordQuickView/{id}` for a tracked visit.
import { createRoot, type Root } from 'react-dom/client';
import { QUICK_VIEW } from '@tessera/core/markup';
import type { TesseraGlobal } from '../../bootstrap.js';
import { census } from '../../collectors/census-calls.js';
import { QuickView } from './QuickView.js';

let open: Root | null = null;

export function openQuickView(link: HTMLAnchorElement, tessera: TesseraGlobal, { related }: { related: boolean }): void {
  if (open) return;
  const id = link.getAttribute(QUICK_VIEW.attributes.id) ?? '';
  const card = link.closest('.product-card');
  const title = card?.querySelector('.product-card__title')?.textContent?.trim() || link.textContent?.trim() || '';
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  open = root;
  const close = () => {
    open = null;
    // Unmounted after this event: the dialog gives focus back to the link as it goes.
    setTimeout(() => {
      root.unmount();
      host.remove();
    });
  };
  root.render(<QuickView href={link.href} title={title} tessera={tessera} related={related} onClose={close} />);
  void tessera.visit.then((visit) => visit && census(`RecordQuickView/${encodeURIComponent(id)}`, visit.context));
}
