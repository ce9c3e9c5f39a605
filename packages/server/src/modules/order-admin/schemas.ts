import { Type, type Static } from '@sinclair/typebox';
import { schemaInput } from '../../http/schema-input.js';

const PAYMENTS = ['pending', 'paid', 'partially_refunded', 'refunded', 'canceled', 'declined', 'processing'] as const;
const FULFILLMENTS = ['unfulfilled', 'partially_fulfilled', 'fulfilled', 'canceled'] as const;
const SORTS = ['newest', 'oldest', 'total_desc', 'total_asc', 'number_desc', 'number_asc'] as const;

const literals = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** The list's filters, shared by the list and the CSV export (docs/owner-api.md "GET /api/owner/orders"). */
const FilterFields = {
  q: Type.Optional(Type.String({ maxLength: 200 })),
  payment: Type.Optional(literals(PAYMENTS)),
  fulfillment: Type.Optional(literals(FULFILLMENTS)),
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  to: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  product: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  sort: Type.Optional(literals(SORTS)),
};

export const ExportQuery = Type.Object(FilterFields);
export const ListQuery = Type.Object({
  ...FilterFields,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});
export type OrderFilters = Static<typeof ExportQuery>;
export type ListQueryValue = Static<typeof ListQuery>;

export const OrderParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const LineQuantity = Type.Object({ lineId: Type.String({ minLength: 1, maxLength: 64 }), quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }) });

export const MarkPaidBody = Type.Object({ reference: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });
export const FulfillBody = Type.Object({
  lines: Type.Optional(Type.Array(LineQuantity, { minItems: 1, maxItems: 500 })),
  carrier: Type.Optional(Type.String({ maxLength: 100 })),
  trackingNumber: Type.Optional(Type.String({ maxLength: 200 })),
  trackingUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  notify: Type.Optional(Type.Boolean()),
});
export const CancelBody = Type.Object({ notify: Type.Optional(Type.Boolean()) });
export const RefundBody = Type.Object({
  lines: Type.Optional(Type.Array(LineQuantity, { minItems: 1, maxItems: 500 })),
  amountCents: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  restock: Type.Optional(Type.Boolean()),
});
export const NoteBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: 2000 }) });

/** Each field's message when its value is refused; a field's path without indexes (`lines.quantity`). */
const FIELD_MESSAGES: Record<string, string> = {
  q: 'Enter at most 200 characters.',
  payment: `Choose one of ${PAYMENTS.join(', ')}.`,
  fulfillment: `Choose one of ${FULFILLMENTS.join(', ')}.`,
  from: 'Enter a time in epoch milliseconds.',
  to: 'Enter a time in epoch milliseconds.',
  product: 'Enter an item id.',
  sort: `Choose one of ${SORTS.join(', ')}.`,
  limit: 'Enter a whole number from 1 to 100.',
  cursor: 'The cursor is not valid: start again from the first page.',
  reference: 'Enter a payment reference of 1 to 200 characters.',
  lines: 'Choose at least one item.',
  'lines.lineId': 'Choose an item of this order.',
  'lines.quantity': 'Enter a whole number of at least 1.',
  carrier: 'Enter at most 100 characters.',
  trackingNumber: 'Enter at most 200 characters.',
  trackingUrl: 'Enter a web address starting with https:// or http://.',
  notify: 'Choose true or false.',
  amountCents: 'Enter an amount in minor units of at least 1.',
  reason: 'Enter at most 500 characters.',
  restock: 'Choose true or false.',
  text: 'Enter a note of 1 to 2000 characters.',
};

/** 400 VALIDATION_FAILED with each refused field's message (the routes attach their schema's verdict). */
export const checkInput = schemaInput(FIELD_MESSAGES);
