import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { schemaInput } from '../../src/http/schema-input.js';

/** The owner routes' schema check: each refused field by its path, with the route's own message for it. */
describe('schemaInput', () => {
  const Body = Type.Object(
    {
      note: Type.String({ maxLength: 5 }),
      lines: Type.Array(Type.Object({ quantity: Type.Integer({ minimum: 1 }), sku: Type.Optional(Type.String({ maxLength: 3 })) })),
    },
    { additionalProperties: false },
  );
  const messages = { note: 'Enter a short note.', 'lines.quantity': 'Enter a quantity of at least 1.', lines: 'Check the lines.' };
  let app: FastifyInstance;

  async function answer(body: unknown, url = '/by-key') {
    const res = await app.inject({ method: 'POST', url, payload: body as object });
    return { status: res.statusCode, body: res.json() as { code?: string; errors?: Record<string, string>; ok?: boolean } };
  }

  beforeAll(async () => {
    // Fastify's own validator options, as the app has them: the first refused field, unknown properties dropped.
    app = Fastify();
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError) return reply.status(error.status).send(error.body());
      return reply.status(500).send({ error: String(error) });
    });
    const byKey = schemaInput(messages);
    const byParent = schemaInput(messages, { parentMessage: true });
    app.post('/by-key', { schema: { body: Body }, attachValidation: true }, async (request) => {
      byKey(request);
      return { ok: true };
    });
    app.post('/by-parent', { schema: { body: Body }, attachValidation: true }, async (request) => {
      byParent(request);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets a body that fits through', async () => {
    expect(await answer({ note: 'hi', lines: [{ quantity: 2 }] })).toEqual({ status: 200, body: { ok: true } });
  });

  it('names each refused field by its path, with its message found without the array positions', async () => {
    const { status, body } = await answer({ note: 'fine', lines: [{ quantity: 1 }, { quantity: 0 }] });
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual({ 'lines.1.quantity': 'Enter a quantity of at least 1.' });
    expect((await answer({ note: 'far too long', lines: [] })).body.errors).toEqual({ note: 'Enter a short note.' });
  });

  it('names a missing property itself, and drops an unknown one', async () => {
    expect((await answer({ lines: [], colour: 'red' })).body.errors).toEqual({ note: 'Enter a short note.' });
    expect(await answer({ note: 'ok', lines: [], colour: 'red' })).toEqual({ status: 200, body: { ok: true } });
  });

  it("falls back to the first part's message only when asked", async () => {
    const bad = { note: 'ok', lines: [{ quantity: 1, sku: 'toolong' }] };
    expect((await answer(bad)).body.errors).toEqual({ 'lines.0.sku': 'This value is not valid.' });
    expect((await answer(bad, '/by-parent')).body.errors).toEqual({ 'lines.0.sku': 'Check the lines.' });
  });
});
