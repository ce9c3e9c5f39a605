// A product page's express purchase: the item, variant and quantity chosen on the page, bought at
// once (the checkout's `expressCheckout`), its total as the checkout page counts one item: the line
// and the site's shipping option (free from its free-over amount). Tax is the server's to add: the
// wallet shows the estimate, the PaymentIntent the order's real amount.
import { validateAddToCart } from '@tessera/core/cart';
import type { CommerceApi } from '../api/commerce.js';
import type { ShippingOption } from '../api/types.js';
import type { chosenOptions, ProductMarkup, productData, VariantMarkup } from '../islands/add-to-cart/markup.js';

/**
 * The product island's own readers of its markup, handed in rather than imported, so that this
 * chunk shares no module with the product page's (which every product page loads).
 */
export interface MarkupReaders {
  readonly productData: typeof productData;
  readonly chosenOptions: typeof chosenOptions;
}
import type { ExpressPurchase, ExpressQuote } from './ExpressCheckout.js';

const PHYSICAL = 1;

interface Chosen {
  readonly sku?: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
}

/** A product page's variants from its context (`?format=json`); null when it cannot be read. */
async function readVariants(pageUrl: string, doFetch: typeof fetch): Promise<readonly VariantMarkup[] | null> {
  try {
    const res = await doFetch(`${pageUrl}?format=json`, { credentials: 'same-origin' });
    if (!res.ok) return null;
    const page = (await res.json()) as { item?: { structuredContent?: { variants?: VariantMarkup[] } } };
    return page.item?.structuredContent?.variants ?? null;
  } catch {
    return null;
  }
}

const unitPrice = (v: VariantMarkup): number | null => {
  const price = v.onSale ? v.salePrice : v.price;
  return typeof price === 'number' ? price : null;
};

export function productPurchase(
  markup: ProductMarkup,
  api: CommerceApi,
  { productData, chosenOptions }: MarkupReaders,
  page: { readonly url: string; readonly fetch: typeof fetch } = { url: window.location.pathname, fetch: (...a) => fetch(...a) },
): ExpressPurchase {
  let chosen: Chosen | null = null;
  // A product without choices has no variants in its markup: its price and stock are the page's.
  const pageVariants = markup.variantsElement ? null : readVariants(page.url, page.fetch);
  let options: readonly ShippingOption[] | null = null;
  const ships = markup.productType === PHYSICAL;
  const siteOptions = async () => {
    if (options) return options;
    const answer = await api.cart({ mock: true });
    options = answer.ok ? answer.data.shippingOptions : [];
    return options;
  };
  // Read now: the wallet's sheet must open within a second of the click, too soon for a request.
  if (ships) void siteOptions();
  const totalWith = (c: Chosen, option: ShippingOption | undefined) => {
    const line = c.unitPriceCents * c.quantity;
    const free = !option || (option.freeOverCents !== null && line >= option.freeOverCents);
    return line + (ships && !free ? option.priceCents : 0);
  };
  const quote = async (c: Chosen): Promise<ExpressQuote> => {
    const all = ships ? await siteOptions() : [];
    const rates = all.map((o) => ({ id: o.id, displayName: o.name, amount: totalWith(c, o) - totalWith(c, undefined) }));
    return { amountCents: totalWith(c, all[0]), rates };
  };
  return {
    ships,
    async start() {
      const own = pageVariants ? await pageVariants : null;
      const product = own && own.length > 0 ? { ...productData(markup), variants: own.slice(0, 1) } : productData(markup);
      const result = validateAddToCart({
        product,
        chosenOptions: chosenOptions(markup),
        quantity: markup.quantityInput ? markup.quantityInput.value : undefined,
        // Bought on its own: what the cart holds does not count.
        quantityInCart: 0,
        subscription: false,
      });
      if (!result.ok) return { problem: result.message };
      const variant = result.variant as VariantMarkup;
      const unit = unitPrice(variant);
      if (unit === null) return { problem: '' };
      // A product without choices is named by its item alone, as the add-to-cart button names it.
      chosen = { sku: markup.variantsElement ? variant.sku : undefined, quantity: result.quantity, unitPriceCents: unit };
      return quote(chosen);
    },
    async address() {
      return chosen ? quote(chosen) : null;
    },
    async rate(id) {
      if (!chosen) return null;
      const option = (await siteOptions()).find((o) => o.id === id);
      return option ? totalWith(chosen, option) : null;
    },
    what: () => (chosen ? { expressCheckout: { itemId: markup.itemId, ...(chosen.sku ? { sku: chosen.sku } : {}), quantity: chosen.quantity } } : {}),
  };
}
