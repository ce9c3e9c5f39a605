// The variant image (storefront.md section 2): when the variant selector reports a change with a
// variant image, the product block shows that image. The selects dispatch `tessera:variant-change`
// (core's PRODUCT_VARIANTS.changeEvent); the gallery moves the matching picture to the front (the
// first, large picture on wide screens; the first slide of the phone carousel) and scrolls the
// carousel back to it.
import { PRODUCT_VARIANTS } from '@tessera/core/markup';
import type { VariantMarkup } from './markup.js';

export interface VariantChangeDetail {
  readonly itemId: string;
  readonly variant: VariantMarkup | null;
  readonly mainImage: { readonly assetUrl?: string; readonly altText?: string } | null;
}

const GALLERY_SELECTOR = '[data-product-gallery]';
const ITEM_CLASS = 'product-gallery__item';
const ACTIVE_CLASS = 'product-gallery__item--active';

/** The picture's URL without its cache-busting query, to compare a variant image with gallery pictures. */
const bare = (url: string) => url.split('?')[0];

function showVariantImage(gallery: HTMLElement, image: { assetUrl?: string; altText?: string }): HTMLElement | null {
  if (!image.assetUrl) return null;
  const list = gallery.querySelector('ul, ol') ?? gallery;
  const items = Array.from(gallery.querySelectorAll<HTMLElement>(`.${ITEM_CLASS}`));
  let match = items.find((li) => bare(li.dataset.imageUrl ?? li.querySelector('img')?.getAttribute('src') ?? '') === bare(image.assetUrl!));
  if (!match) {
    // A variant picture the product's own pictures do not hold: shown in front as a new one.
    match = gallery.ownerDocument.createElement(list === gallery ? 'div' : 'li');
    match.className = ITEM_CLASS;
    match.dataset.imageUrl = image.assetUrl;
    const img = gallery.ownerDocument.createElement('img');
    img.src = image.assetUrl;
    img.alt = image.altText ?? '';
    match.append(img);
  }
  for (const li of items) li.classList.remove(ACTIVE_CLASS);
  match.classList.add(ACTIVE_CLASS);
  if (list.firstElementChild !== match) list.prepend(match);
  // It may have been a lazy picture further down: it is the one to show now.
  match.querySelector('img')?.removeAttribute('loading');
  // The phone carousel shows its first slide again (a plain smooth scroll: no helper on the product page).
  if (list instanceof HTMLElement && list.scrollLeft > 0) list.scrollTo({ left: 0, behavior: 'smooth' });
  return match;
}

/** Listens for variant changes on the document and shows their images in the item's gallery. */
export function watchVariantImages(doc: Document): () => void {
  const onChange = (event: Event) => {
    const detail = (event as CustomEvent<VariantChangeDetail>).detail;
    if (!detail?.mainImage) return;
    const source = event.target instanceof Element ? event.target : null;
    const block = source?.closest(`[data-item-id]:not(.${PRODUCT_VARIANTS.class})`) ?? doc;
    const gallery = block.querySelector<HTMLElement>(GALLERY_SELECTOR) ?? doc.querySelector<HTMLElement>(GALLERY_SELECTOR);
    if (gallery) showVariantImage(gallery, detail.mainImage);
  };
  doc.addEventListener(PRODUCT_VARIANTS.changeEvent, onChange);
  return () => doc.removeEventListener(PRODUCT_VARIANTS.changeEvent, onChange);
}
