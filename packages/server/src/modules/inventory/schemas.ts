import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { MAX_STOCK } from './adjust.js';
import { MAX_THRESHOLD } from './inventory-settings.js';
import { INVENTORY_SORTS, STOCK_FILTERS } from './list.js';
import { schemaInput } from '../../http/schema-input.js';

export const REASONS = ['received', 'damaged', 'counted', 'correction'] as const;

const literals = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

export const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  stock: Type.Optional(literals(STOCK_FILTERS)),
  sort: Type.Optional(literals(INVENTORY_SORTS)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 2048 })),
});

export const HistoryQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});

export const VariantParams = Type.Object({ variantId: Type.String({ minLength: 1, maxLength: 64 }) });

export const AdjustBody = Type.Object({
  reason: literals(REASONS),
  delta: Type.Optional(Type.Integer({ minimum: -MAX_STOCK, maximum: MAX_STOCK })),
  count: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_STOCK })),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});

export const SettingsBody = Type.Object({
  version: Type.String({ minLength: 1, maxLength: 100 }),
  scarcityThreshold: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_THRESHOLD })),
  restockAutoSend: Type.Optional(Type.Boolean()),
});

/** Each field's message when its value is refused. */
const FIELD_MESSAGES = {
  q: 'Enter at most 200 characters.',
  stock: `Choose one of ${STOCK_FILTERS.join(', ')}.`,
  sort: `Choose one of ${INVENTORY_SORTS.join(', ')}.`,
  limit: 'Enter a whole number from 1 to 100.',
  cursor: 'The cursor is not valid: start again from the first page.',
  reason: `Choose one of ${REASONS.join(', ')}.`,
  delta: `Enter a whole number from -${MAX_STOCK} to ${MAX_STOCK}.`,
  count: `Enter a whole number from 0 to ${MAX_STOCK}.`,
  note: 'Enter a note of at most 500 characters.',
  version: 'Send the version the settings were read at.',
  scarcityThreshold: `Enter a whole number from 0 to ${MAX_THRESHOLD}.`,
  restockAutoSend: 'Choose true or false.',
  received: 'Enter the number of pieces received: a whole number of at least 1.',
  damaged: 'Enter the pieces damaged or lost as a negative number, such as -2.',
  counted: `Enter the count: a whole number from 0 to ${MAX_STOCK}.`,
  correction: 'Enter a correction other than 0: positive to add pieces, negative to take them away.',
} as const;

/** 400 VALIDATION_FAILED with each refused field's message (the routes attach their schema's verdict). */
export const checkInput = schemaInput(FIELD_MESSAGES);

/**
 * What an adjustment asks for, checked against its reason: received adds (delta above 0), damaged
 * takes away (below 0), counted sets the stock (count), correction moves it either way (not 0).
 */
export function changeOf(body: { reason: (typeof REASONS)[number]; delta?: number; count?: number }): { delta: number } | { count: number } {
  const fail = (field: 'delta' | 'count') => new AppError('VALIDATION_FAILED', undefined, { [field]: FIELD_MESSAGES[body.reason] });
  if (body.reason === 'counted') {
    if (body.count === undefined) throw fail('count');
    return { count: body.count };
  }
  const d = body.delta;
  if (d === undefined) throw fail('delta');
  if ((body.reason === 'received' && d <= 0) || (body.reason === 'damaged' && d >= 0) || (body.reason === 'correction' && d === 0)) throw fail('delta');
  return { delta: d };
}
