import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * The entity schemas of the cart answers (storefront.md section 3 field names). Route files build
 * their body, query and response schemas from these; Fastify validates requests with them and
 * serializes answers with them (fast-json-stringify: faster, and nothing unlisted leaves).
 */
/**
 * A value or null. Written with the `nullable` keyword, which fast-json-stringify serializes
 * directly (a union would make it validate every value against each branch to choose one).
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

export const MoneySchema = Type.Object({
  value: Type.String(),
  currency: Type.String(),
  decimalValue: Type.String(),
  currencyCode: Type.String(),
});

export const CartEntrySchema = Type.Object({
  id: Type.String(),
  itemId: Type.String(),
  quantity: Type.Integer(),
  chosenVariant: Type.Object({
    sku: Type.String(),
    attributes: Type.Record(Type.String(), Type.String()),
    optionValues: Type.Array(Type.Object({ optionName: Type.String(), value: Type.String() })),
  }),
  title: Type.String(),
  subTotal: MoneySchema,
  subTotalMoney: MoneySchema,
  subTotalCents: Type.Integer(),
  purchasePriceCents: Type.Integer(),
  productType: Type.Integer(),
  additionalFields: Nullable(Type.String()),
  fullUrl: Nullable(Type.String()),
  image: Nullable(Type.Object({ assetUrl: Type.String(), altText: Type.String(), systemDataVariants: Type.String() })),
});

const ShippingOptionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  priceCents: Type.Integer(),
  freeOverCents: Nullable(Type.Integer()),
  costCents: Type.Integer(),
});

const CouponSchema = Type.Object({
  code: Type.String(),
  percentOff: Nullable(Type.Number()),
  amountOffCents: Nullable(Type.Integer()),
  minSubtotalCents: Nullable(Type.Integer()),
  freeShipping: Type.Boolean(),
});

const ShippingLocationSchema = Type.Object({ country: Type.String(), region: Type.String(), postalCode: Type.String() });

export const ShoppingCartSchema = Type.Object({
  id: Nullable(Type.String()),
  websiteId: Type.String(),
  orderId: Nullable(Type.String()),
  created: Nullable(Type.Number()),
  isPurchased: Type.Boolean(),
  entries: Type.Array(CartEntrySchema),
  shippingOptions: Type.Array(ShippingOptionSchema),
  selectedShippingOption: Nullable(ShippingOptionSchema),
  shippingLocation: Nullable(ShippingLocationSchema),
  applicableTaxRules: Type.Array(
    Type.Object({
      country: Type.String(),
      region: Nullable(Type.String()),
      rateBasisPoints: Type.Integer(),
      appliesToShipping: Type.Boolean(),
    }),
  ),
  coupons: Type.Array(Type.String()),
  validCoupons: Type.Array(CouponSchema),
  invalidCoupons: Type.Array(CouponSchema),
  subtotalCents: Type.Integer(),
  taxCents: Type.Integer(),
  shippingCostCents: Type.Integer(),
  discountCents: Type.Integer(),
  grandTotalCents: Type.Integer(),
  totalQuantity: Type.Integer({ default: 0 }),
  hasDigital: Type.Boolean(),
  purelyDigital: Type.Boolean(),
  requiresShipping: Type.Boolean(),
  currency: Type.String(),
  subtotalMoney: MoneySchema,
  grandTotalMoney: MoneySchema,
  installments: Nullable(
    Type.Object({
      provider: Type.String(),
      eligible: Type.Boolean(),
      inRange: Type.Boolean(),
      numInstallments: Type.Integer(),
      amountCents: Type.Integer(),
    }),
  ),
});

/** `{ shoppingCart }`, the answer of the cart's writes that name no entry. */
export const CartAnswerSchema = Type.Object({ shoppingCart: ShoppingCartSchema });

/**
 * The body limit of the calls that carry additional-fields answers. The answers are held to their
 * form and to 16 KiB of JSON (service.ts); as JSON text inside the JSON body their quotes are
 * escaped again, so the body may be about twice that and more. Within this limit an answer that
 * is too long gets its field's 400; only a body far beyond any valid answer is refused whole (413).
 */
export const ENTRY_BODY_LIMIT = 64 * 1024;

/** additionalFields: JSON text (the spec), or the object itself; checked against the product's form in service.ts. */
export const AdditionalFieldsSchema = Type.Optional(
  Type.Union([Type.String({ maxLength: ENTRY_BODY_LIMIT }), Type.Object({}, { additionalProperties: true }), Type.Null()]),
);
