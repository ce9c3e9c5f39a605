// A product page's express purchase: the item, variant and quantity chosen on the page, bought at
// once (the checkout's `expressCheckout`), its totals by core's rules for one line with the site's
// shipping options (the cart's totals need no cart here). Tax is the server's to add: the wallet
// shows the estimate, the PaymentIntent the order's real amount.
import { computeCartTotals, validateAddToCart } from '@tessera/core/cart';
import type { CommerceApi } from '../api/commerce.js';
import type { ShippingOption } from '../api/types.js';
import { chosenOptions, type ProductMarkup, productData, type VariantMarkup } from '../islands/add-to-cart/markup.js';
import type { ExpressPurchase, ExpressQuote } from './ExpressCheckout.js';

const PHYSICAL = 1;

interface Chosen {
  readonly sku?: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
}

const unitPrice = (v: VariantMarkup): number | null => {
  const price = v.onSale ? v.salePrice : v.price;
  return typeof price === 'number' ? price : null;
};

export function productPurchase(markup: ProductMarkup, api: CommerceApi, pageUrl: string = window.location.pathname): ExpressPurchase {
  let chosen: Chosen | null = null;
  // A product without choices has no variants in its markup: its price and stock are the page's.
  const pageVariants = markup.variantsElement ? null : api.productVariants(pageUrl).then((a) => (a.ok ? (a.data as readonly VariantMarkup[]) : null));
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
  const totalWith = (c: Chosen, option: ShippingOption | undefined) =>
    computeCartTotals({
      entries: [{ quantity: c.quantity, unitPriceCents: c.unitPriceCents, productType: markup.productType }],
      shippingOption: option ?? null,
    }).grandTotalCents;
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
