import { Type, type Static } from '@sinclair/typebox';
import { schemaInput } from '../../http/schema-input.js';

export const STATUSES = ['published', 'scheduled', 'needs-review', 'draft', 'private'] as const;
const STOCK_STATES = ['in', 'low', 'out', 'unlimited'] as const;
const SORTS = ['position', 'title', '-title', 'updated', 'price', '-price', 'stock'] as const;
const TAG_TYPES = ['tag', 'category'] as const;

const literals = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
const Id = Type.String({ minLength: 1, maxLength: 64 });

/** The list's filters, shared by the list and the CSV export (docs/owner-api.md "GET /api/owner/products"). */
const FilterFields = {
  q: Type.Optional(Type.String({ maxLength: 200 })),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  status: Type.Optional(literals(STATUSES)),
  stock: Type.Optional(literals(STOCK_STATES)),
  collection: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  sort: Type.Optional(literals(SORTS)),
};
export const ExportQuery = Type.Object(FilterFields);
export const ListQuery = Type.Object({
  ...FilterFields,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});
export type ProductFilters = Static<typeof ExportQuery>;
export type ListQueryValue = Static<typeof ListQuery>;

export const ProductParams = Type.Object({ id: Id });
export const SaveBody = Type.Object({
  collection: Type.String({ minLength: 1, maxLength: 200 }),
  item: Type.Object({}, { additionalProperties: true }),
  revision: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type SaveBodyValue = Static<typeof SaveBody>;
export const OrderBody = Type.Object({
  collection: Type.String({ minLength: 1, maxLength: 200 }),
  ids: Type.Array(Id, { maxItems: 1000 }),
});
export const TagsQuery = Type.Object({ type: Type.Optional(literals(TAG_TYPES)) });
export const RenameTagBody = Type.Object({
  type: literals(TAG_TYPES),
  from: Type.String({ minLength: 1, maxLength: 200 }),
  to: Type.String({ maxLength: 200 }),
});
export const DeleteTagBody = Type.Object({ type: literals(TAG_TYPES), name: Type.String({ minLength: 1, maxLength: 200 }) });
export const ImportQuery = Type.Object({ dryRun: Type.Optional(Type.Boolean()) });

/** Each field's message when its value is refused; a field's path without indexes. */
const FIELD_MESSAGES: Record<string, string> = {
  q: 'Enter at most 200 characters.',
  type: 'Choose a product type from 1 to 5.',
  status: `Choose one of ${STATUSES.join(', ')}.`,
  stock: `Choose one of ${STOCK_STATES.join(', ')}.`,
  collection: 'Choose a products collection by its URL slug.',
  sort: `Choose one of ${SORTS.join(', ')}.`,
  limit: 'Enter a whole number from 1 to 100.',
  cursor: 'The cursor is not valid: start again from the first page.',
  item: "Send the product as an object in the site directory's shape.",
  revision: 'Send the revision the product was opened at.',
  ids: 'List every product of the collection by its id.',
  from: 'Enter the name to rename.',
  to: 'Enter the new name.',
  name: 'Enter the name to remove.',
  dryRun: 'Choose true or false.',
};

/** 400 VALIDATION_FAILED with each refused field's message (the routes attach their schema's verdict). */
export const checkInput = schemaInput(FIELD_MESSAGES);
