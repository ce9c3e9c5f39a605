// What a checkout buys, read from the page: the visitor's cart (`/checkout`), a subscription's cart
// token (`/checkout/subscription`), one item at once (express checkout: `/checkout?itemId=&sku=`,
// with what the product page left in session storage), or a gift card's denomination
// (`/checkout/gift-card`, the theme's container attributes).
import { EXPRESS_CHECKOUT_KEY, type ExpressCheckoutItem } from '../../islands/add-to-cart/express.js';

/** The spec's product type of a gift card. */
const GIFT_CARD = 4;

interface ExpressLine {
  readonly itemId: string;
  readonly sku?: string;
  readonly quantity: number;
  readonly additionalFields?: string;
  readonly title: string;
  readonly variantText: string;
  readonly unitPriceCents: number | null;
  readonly imageUrl: string | null;
  /** Physical products ship. */
  readonly requiresShipping: boolean;
  /** The product's type (the spec's numbers), when the product page left it; null when unknown. */
  readonly productType: number | null;
}

export type Purchase =
  | { readonly kind: 'cart' }
  | { readonly kind: 'subscription'; readonly cartToken: string }
  | { readonly kind: 'express'; readonly line: ExpressLine };

const readStored = (storage: Pick<Storage, 'getItem'> | null): ExpressCheckoutItem | null => {
  try {
    const text = storage?.getItem(EXPRESS_CHECKOUT_KEY);
    return text ? (JSON.parse(text) as ExpressCheckoutItem) : null;
  } catch {
    return null;
  }
};

/** Null when the page has nothing to buy yet (a gift card page without a denomination). */
export function readPurchase(element: HTMLElement, search: string, storage: Pick<Storage, 'getItem'> | null): Purchase | null {
  const cartToken = element.dataset.cartToken;
  if (cartToken) return { kind: 'subscription', cartToken };
  if (element.dataset.itemId !== undefined) {
    // The gift-card page: its chosen denomination.
    const sku = element.dataset.sku;
    if (!sku) return null;
    return {
      kind: 'express',
      line: {
        itemId: element.dataset.itemId,
        sku,
        quantity: 1,
        title: element.dataset.title ?? '',
        variantText: element.dataset.amountText ?? '',
        unitPriceCents: element.dataset.amountCents ? Number(element.dataset.amountCents) : null,
        imageUrl: null,
        requiresShipping: false,
        productType: GIFT_CARD,
      },
    };
  }
  const query = new URLSearchParams(search);
  const itemId = query.get('itemId');
  if (!itemId) return { kind: 'cart' };
  const sku = query.get('sku') ?? undefined;
  const quantity = Number(query.get('quantity') ?? '1');
  const stored = readStored(storage);
  const known = stored && stored.itemId === itemId && (stored.sku ?? undefined) === sku ? stored : null;
  return {
    kind: 'express',
    line: {
      itemId,
      sku,
      quantity: Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 1,
      additionalFields: known?.additionalFields,
      title: known?.title ?? '',
      variantText: known
        ? Object.entries(known.attributes)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')
        : '',
      unitPriceCents: known?.unitPriceCents ?? null,
      imageUrl: known?.imageUrl ?? null,
      // Without the product's details, ask for an address: the server refuses a physical product without one.
      requiresShipping: known ? known.productType === 1 : true,
      productType: known?.productType ?? null,
    },
  };
}
