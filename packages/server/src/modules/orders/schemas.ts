import { Type } from '@sinclair/typebox';
import { MoneySchema, Nullable } from '../cart/index.js';

/** An order as the checkout answers it and its pages show it (orders/view.ts `OrderView`). */
const OrderSchema = Type.Object({
  id: Type.String(),
  orderNumber: Type.Integer(),
  kind: Type.String(),
  customerEmail: Type.String(),
  created: Type.Number(),
  currency: Type.String(),
  paymentStatus: Type.String(),
  fulfillmentStatus: Type.String(),
  holdExpiresOn: Nullable(Type.Number()),
  lines: Type.Array(
    Type.Object({
      id: Type.String(),
      itemId: Nullable(Type.String()),
      title: Type.String(),
      productType: Nullable(Type.Integer()),
      quantity: Type.Integer(),
      chosenVariant: Type.Object({ sku: Nullable(Type.String()), attributes: Type.Record(Type.String(), Type.String()) }),
      additionalFields: Nullable(Type.String()),
      unitPriceCents: Type.Integer(),
      subTotalCents: Type.Integer(),
      unitPriceMoney: MoneySchema,
      subTotalMoney: MoneySchema,
      giftCards: Type.Array(Type.Object({ code: Type.String(), amountCents: Type.Integer(), amountMoney: MoneySchema })),
      download: Nullable(Type.Object({ url: Type.String(), expiresOn: Type.Number() })),
    }),
  ),
  subtotalCents: Type.Integer(),
  discountCents: Type.Integer(),
  shippingCostCents: Type.Integer(),
  taxCents: Type.Integer(),
  giftCardCents: Type.Integer(),
  grandTotalCents: Type.Integer(),
  amountDueCents: Type.Integer(),
  subtotalMoney: MoneySchema,
  discountMoney: MoneySchema,
  shippingCostMoney: MoneySchema,
  taxMoney: MoneySchema,
  giftCardMoney: MoneySchema,
  grandTotalMoney: MoneySchema,
  amountDueMoney: MoneySchema,
  shippingAddress: Nullable(Type.Record(Type.String(), Type.String())),
  shippingOption: Nullable(Type.Object({ id: Type.String(), name: Type.String(), priceCents: Type.Integer() })),
  coupons: Type.Array(Type.String()),
  subscriptions: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      status: Type.String(),
      billingPeriod: Type.Object({ value: Type.Integer(), unit: Type.String() }),
      numBillingCycles: Type.Integer(),
      nextBillingDate: Nullable(Type.Number()),
      priceText: Type.String(),
    }),
  ),
  orderStatusUrl: Type.String(),
});

/** The checkout's answer (201): the order and the links of its pages. */
export const PlacedOrderSchema = Type.Object({
  order: OrderSchema,
  confirmationUrl: Type.String(),
  orderStatusUrl: Type.String(),
  /** A payment the shopper finishes in the browser with the provider's script: its secret for that script. */
  payment: Type.Optional(Type.Object({ provider: Type.String(), clientSecret: Type.String() })),
});
