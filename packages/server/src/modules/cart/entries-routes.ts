import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import type { CommerceDeps } from '../commerce/index.js';
import { AdditionalFieldsSchema, CartAnswerSchema, ENTRY_BODY_LIMIT, CartEntrySchema, ShoppingCartSchema } from './schemas.js';
import { setEntryFields, deleteEntry } from './store.js';
import { additionalFieldsFor, type CartService } from './service.js';
import { cartTokenOf, setCartCookie } from './visitor.js';

const Id = Type.String({ minLength: 1, maxLength: 64 });

const AddBody = Type.Object({
  itemId: Id,
  /** The variant; empty or left out for a product without choices. */
  sku: Type.Optional(Type.String({ maxLength: 200 })),
  /** Checked by @tessera/core's parseQuantity (its exact messages), so any JSON value is let through here. */
  quantity: Type.Optional(Type.Unknown()),
  additionalFields: AdditionalFieldsSchema,
});

const EntryParams = Type.Object({ entryId: Id });

const FieldsBody = Type.Object({
  itemId: Type.Optional(Id),
  sku: Type.Optional(Type.String({ maxLength: 200 })),
  additionalFields: AdditionalFieldsSchema,
});

const QuantityBody = Type.Object({ quantity: Type.Unknown() });

const NewlyAdded = Type.Object({ shoppingCart: ShoppingCartSchema, newlyAdded: CartEntrySchema });
const Updated = Type.Object({ shoppingCart: ShoppingCartSchema, updatedEntry: CartEntrySchema });

/**
 * POST   /api/commerce/shopping-cart/entries                         add: {shoppingCart, newlyAdded}
 * PUT    /api/commerce/shopping-cart/entries/{entryId}/additionalFields  {shoppingCart, updatedEntry}
 * PUT    /api/commerce/shopping-cart/entries/{entryId}/quantity      {shoppingCart, updatedEntry}
 * DELETE /api/commerce/shopping-cart/entries/{entryId}               {shoppingCart}
 */
export function entriesRoutes(app: FastifyInstance, _deps: CommerceDeps, carts: CartService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/commerce/shopping-cart/entries',
    {
      schema: { body: AddBody, response: { 200: NewlyAdded } },
      bodyLimit: ENTRY_BODY_LIMIT,
    },
    async (request, reply) => {
      const s = request.site;
      const body = request.body;
      const input = { itemId: body.itemId, sku: body.sku ?? '', quantity: body.quantity, additionalFields: body.additionalFields };
      const { cart, result, newToken } = await carts.write(s, request, cartTokenOf(request), 'cart', true, async (tx, cart, entries) => {
        const product = await carts.product(s, body.itemId, tx);
        const fields = additionalFieldsFor(s, product.additionalFieldsFormId, body.additionalFields);
        return carts.add(s, tx, cart, entries, product, input, fields);
      });
      if (newToken) setCartCookie(request, reply, newToken);
      const shoppingCart = await carts.view(s, cart, result.entries);
      return { shoppingCart, newlyAdded: shoppingCart.entries.find((e) => e.id === result.entryId)! };
    },
  );

  api.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    {
      schema: { params: EntryParams, body: FieldsBody, response: { 200: Updated } },
      bodyLimit: ENTRY_BODY_LIMIT,
    },
    async (request, _reply) => {
      const s = request.site;
      const { entryId } = request.params;
      const { cart } = await carts.write(s, request, cartTokenOf(request), 'cart', false, async (tx, cart, entries) => {
        const entry = entries.find((e) => e.id === entryId);
        if (!entry || (request.body.itemId !== undefined && request.body.itemId !== entry.item_id)) throw new AppError('ENTRY_NOT_FOUND');
        const product = await carts.product(s, entry.item_id, tx);
        entry.additional_fields = additionalFieldsFor(s, product.additionalFieldsFormId, request.body.additionalFields);
        await setEntryFields(tx, cart.id, entryId, entry.additional_fields);
      });
      const shoppingCart = await carts.view(s, cart);
      return { shoppingCart, updatedEntry: updatedEntry(shoppingCart.entries, entryId) };
    },
  );

  api.put(
    '/api/commerce/shopping-cart/entries/:entryId/quantity',
    {
      schema: { params: EntryParams, body: QuantityBody, response: { 200: Updated } },
    },
    async (request, _reply) => {
      const s = request.site;
      const { entryId } = request.params;
      const { cart } = await carts.write(s, request, cartTokenOf(request), 'cart', false, (tx, cart, entries) =>
        carts.setQuantity(s, tx, cart, entries, entryId, request.body.quantity),
      );
      const shoppingCart = await carts.view(s, cart);
      return { shoppingCart, updatedEntry: updatedEntry(shoppingCart.entries, entryId) };
    },
  );

  api.delete(
    '/api/commerce/shopping-cart/entries/:entryId',
    {
      schema: { params: EntryParams, response: { 200: CartAnswerSchema } },
    },
    async (request, _reply) => {
      const s = request.site;
      const { entryId } = request.params;
      const { cart } = await carts.write(s, request, cartTokenOf(request), 'cart', false, async (tx, cart, entries) => {
        if (!entries.some((e) => e.id === entryId)) throw new AppError('ENTRY_NOT_FOUND');
        await deleteEntry(tx, cart.id, entryId);
      });
      return { shoppingCart: await carts.view(s, cart) };
    },
  );
}

/** The entry just written, as the cart now shows it (gone only if its item left the site meanwhile). */
function updatedEntry<E extends { id: string }>(entries: E[], id: string): E {
  const entry = entries.find((e) => e.id === id);
  if (!entry) throw new AppError('ENTRY_NOT_FOUND');
  return entry;
}
