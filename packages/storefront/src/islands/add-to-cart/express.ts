// Express checkout's hand-over from the product page to the checkout page: the URL names the item,
// variant and quantity; session storage adds the form answers and what the summary shows.
export const EXPRESS_CHECKOUT_KEY = 'tessera:express-checkout';

export interface ExpressCheckoutItem {
  readonly itemId: string;
  readonly sku?: string;
  readonly quantity: number;
  readonly additionalFields?: string;
  readonly title: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly unitPriceCents: number | null;
  readonly imageUrl: string | null;
  readonly productType: number;
}
