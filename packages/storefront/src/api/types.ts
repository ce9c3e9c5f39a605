// The answers of Tessera's commerce API, as the storefront reads them (docs/commerce-api.md).

interface ChosenVariant {
  readonly sku: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly optionValues?: readonly { readonly optionName: string; readonly value: string }[];
}

export interface CartEntry {
  readonly id: string;
  readonly itemId: string;
  readonly quantity: number;
  readonly chosenVariant: ChosenVariant;
  readonly title: string;
  readonly subTotalCents: number;
  readonly purchasePriceCents: number;
  readonly productType: number;
  /** The additional-fields answers as JSON text, or null. */
  readonly additionalFields: string | null;
  readonly fullUrl: string | null;
  readonly image: { readonly assetUrl: string; readonly altText: string; readonly systemDataVariants?: string } | null;
}

export interface ShippingOption {
  readonly id: string;
  readonly name: string;
  readonly priceCents: number;
  readonly freeOverCents: number | null;
  readonly costCents: number;
}

interface Coupon {
  readonly code: string;
  readonly percentOff?: number | null;
  readonly amountOffCents?: number | null;
  readonly minSubtotalCents?: number | null;
}

export interface ShippingLocation {
  readonly country: string;
  readonly region: string;
  readonly postalCode: string;
}

export interface ShoppingCart {
  readonly id: string | null;
  readonly isPurchased: boolean;
  readonly entries: readonly CartEntry[];
  readonly shippingOptions: readonly ShippingOption[];
  readonly selectedShippingOption: ShippingOption | null;
  readonly shippingLocation: ShippingLocation | null;
  /** The codes applied, as entered (upper case). */
  readonly coupons: readonly string[];
  readonly validCoupons: readonly Coupon[];
  readonly invalidCoupons: readonly Coupon[];
  readonly subtotalCents: number;
  readonly taxCents: number;
  readonly shippingCostCents: number;
  readonly discountCents: number;
  readonly grandTotalCents: number;
  readonly totalQuantity: number;
  readonly hasDigital: boolean;
  readonly purelyDigital: boolean;
  readonly requiresShipping: boolean;
  readonly currency: string;
}

export interface StockResult {
  readonly itemId: string;
  readonly variantId: string;
  readonly sku: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

export interface ShippingAddressInput {
  readonly firstName: string;
  readonly lastName: string;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly region: string;
  readonly postalCode: string;
  readonly country: string;
  readonly phone: string;
}

export interface CheckoutRequest {
  readonly email: string;
  readonly cartToken?: string;
  readonly expressCheckout?: { readonly itemId: string; readonly sku?: string; readonly quantity?: number; readonly additionalFields?: string };
  readonly shippingAddress?: ShippingAddressInput;
  readonly shippingOptionId?: string;
  readonly giftCardCode?: string;
  readonly payment: { readonly provider: string; readonly cardNumber?: string };
}

export interface PlacedOrder {
  readonly order: { readonly id: string; readonly orderNumber: number; readonly grandTotalCents: number; readonly paymentStatus: string };
  readonly confirmationUrl: string;
  readonly orderStatusUrl: string;
  /** A payment the shopper finishes in the browser (Stripe): the PaymentIntent's client secret. */
  readonly payment?: { readonly provider: string; readonly clientSecret: string };
}
