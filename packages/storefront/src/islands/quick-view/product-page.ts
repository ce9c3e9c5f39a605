// What the quick view shows of a product, read from the product's own page: the engine's markup of
// its price, marks, variant selects ("Select {variantName}"), quantity input and add-to-cart button,
// so the dialog offers exactly what the product page offers, with the same rules. The page is the
// link's own address, which the server's page cache answers; its JSON context (`?format=json`) would
// carry the whole site's navigation and settings besides, and the markup would have to be rebuilt here.

interface QuickViewImage {
  readonly src: string;
  readonly srcset: string | null;
  readonly alt: string;
  readonly width: number | null;
  readonly height: number | null;
}

export interface QuickViewProduct {
  readonly title: string;
  readonly images: readonly QuickViewImage[];
  /** The engine's marks (sold out, sale) and price, as the list shows them (nodes of the parsed page, inert until adopted). */
  readonly marks: readonly Node[];
  readonly price: readonly Node[];
  /** The purchase part: variant selects, quantity input, add-to-cart button (or the sold-out note). */
  readonly purchase: readonly Node[];
}

const number = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** The product of a product page's HTML; null when the page holds none. */
export function readProductPage(html: string): QuickViewProduct | null {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const detail = doc.querySelector('.product-detail');
  if (!detail) return null;
  const images = Array.from(detail.querySelectorAll<HTMLImageElement>('[data-product-gallery] img'), (img) => ({
    src: img.getAttribute('src') ?? '',
    srcset: img.getAttribute('srcset'),
    alt: img.getAttribute('alt') ?? '',
    width: number(img.getAttribute('width')),
    height: number(img.getAttribute('height')),
  })).filter((img) => img.src !== '');
  // The restock signup belongs to the product page, where its island is.
  for (const restock of detail.querySelectorAll('.product-restock-notification')) restock.remove();
  return {
    title: detail.querySelector('.product-title')?.textContent?.trim() ?? '',
    images,
    marks: Array.from(detail.querySelector('.product-summary__marks')?.childNodes ?? []),
    price: [detail.querySelector('.product-summary > .product-price')].filter((n): n is Element => n !== null),
    purchase: Array.from(detail.querySelector('.product-purchase')?.childNodes ?? []),
  };
}
