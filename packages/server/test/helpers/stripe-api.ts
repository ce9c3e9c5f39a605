import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * A local HTTP server shaped as Stripe's documented API, for exactly the calls Tessera makes:
 * customers, PaymentIntents (create, retrieve, cancel; confirmed off-session charges), SetupIntents
 * (create, retrieve: a subscription's new card), refunds and payment methods. Requests come form-encoded as the `stripe` package sends them; the bearer key
 * is checked; an Idempotency-Key answers the first answer again for the same request and Stripe's
 * idempotency error for another; objects and errors have Stripe's shapes. Controls let a test play
 * the shopper's and the bank's part (a payment succeeds, fails or needs action, a refund fails, a
 * dispute opens), and `signedWebhook` signs an event with the `stripe` package's own test helper.
 */

type Obj = Record<string, any>;

interface Answer {
  status: number;
  body: Obj;
}

/** What a test sees of each call: to count PaymentIntents and refunds, and read what was sent. */
export interface StripeCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Obj;
  replayed: boolean;
}

/** Stripe's test payment methods (docs.stripe.com/testing), by what they do off-session. */
const TEST_METHODS: Record<string, { brand: string; last4: string; offSession: 'ok' | 'declined' | 'authentication_required' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', offSession: 'ok' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155', offSession: 'authentication_required' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', offSession: 'declined' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', offSession: 'ok' },
};

const error = (status: number, type: string, message: string, extra: Obj = {}): Answer => ({ status, body: { error: { type, message, ...extra } } });
const now = () => Math.floor(Date.now() / 1000);

export class LocalStripe {
  readonly calls: StripeCall[] = [];
  readonly intents = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly setupIntents = new Map<string, Obj>();
  private readonly keys = new Set<string>();
  private readonly idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  private server: http.Server | null = null;
  private counter = 0;
  /** Set by a test: the next calls answer 500 (an outage), to see the checkout answer PAYMENT_FAILED. */
  outage = false;

  /** The API's address, for TESSERA_STRIPE_API. */
  url = '';

  /** The secret keys the server accepts. */
  accept(...keys: string[]): this {
    for (const k of keys) this.keys.add(k);
    return this;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = this.handle(req, Buffer.concat(chunks).toString('utf8'));
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${this.nextId()}` });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The calls to a path (`POST /v1/payment_intents`) that reached Stripe's logic: replays left out. */
  made(method: string, path: string): StripeCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path && !c.replayed);
  }

  private nextId(): string {
    this.counter += 1;
    return `${this.counter.toString(36).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
  }

  private handle(req: http.IncomingMessage, raw: string): Answer {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? qs.parse(url.search.slice(1)) : qs.parse(raw);
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const call: StripeCall = { method, path: url.pathname, idempotencyKey, params, replayed: false };
    this.calls.push(call);
    if (!this.keys.has(key)) {
      return error(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
    }
    if (this.outage) return error(500, 'api_error', 'Something went wrong on our end.');
    if (method === 'POST' && idempotencyKey) {
      const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${raw}`).digest('hex');
      const known = this.idempotent.get(`${key} ${idempotencyKey}`);
      if (known) {
        call.replayed = true;
        if (known.fingerprint !== fingerprint) {
          return error(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          );
        }
        return known.answer;
      }
      const answer = this.route(method, url.pathname, params as Obj, key);
      if (answer.status < 500) this.idempotent.set(`${key} ${idempotencyKey}`, { fingerprint, answer });
      return answer;
    }
    return this.route(method, url.pathname, params as Obj, key);
  }

  private route(method: string, path: string, p: Obj, key: string): Answer {
    const parts = path.split('/').filter(Boolean);
    const live = key.includes('_live_');
    // Each mode has its own objects: a PaymentIntent made with a test key is not found with a live one.
    const mine = (id: string | undefined) => {
      const intent = id ? this.intents.get(id) : undefined;
      return intent && intent.livemode === live ? intent : undefined;
    };
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(p);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(p, live);
    if (method === 'GET' && parts[1] === 'payment_intents' && parts.length === 3) return this.found(mine(parts[2]), 'payment_intent');
    if (method === 'POST' && parts[1] === 'payment_intents' && parts[3] === 'cancel') {
      return mine(parts[2]) ? this.cancelIntent(parts[2]!) : this.found(undefined, 'payment_intent');
    }
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(p, live);
    if (method === 'GET' && parts[1] === 'setup_intents' && parts.length === 3) {
      const setup = this.setupIntents.get(parts[2]!);
      return this.found(setup && setup.livemode === live ? setup : undefined, 'setup_intent');
    }
    if (method === 'POST' && path === '/v1/refunds') return mine(String(p.payment_intent)) ? this.createRefund(p) : this.found(undefined, 'payment_intent');
    if (method === 'GET' && parts[1] === 'payment_methods' && parts.length === 3) return this.paymentMethod(parts[2]!);
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private found(object: Obj | undefined, what: string): Answer {
    return object ? { status: 200, body: object } : error(404, 'invalid_request_error', `No such ${what}`, { code: 'resource_missing' });
  }

  private createCustomer(p: Obj): Answer {
    const customer = { id: `cus_${this.nextId()}`, object: 'customer', email: p.email ?? null, metadata: p.metadata ?? {}, created: now(), livemode: false };
    this.customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  private createIntent(p: Obj, live: boolean): Answer {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return error(400, 'invalid_request_error', 'Invalid integer: amount', { code: 'parameter_invalid_integer', param: 'amount' });
    if (typeof p.currency !== 'string' || p.currency !== p.currency.toLowerCase()) {
      return error(400, 'invalid_request_error', 'Invalid currency', { code: 'parameter_invalid_empty', param: 'currency' });
    }
    const id = `pi_${this.nextId()}`;
    const types = (p.allowed_payment_method_types ?? p.payment_method_types ?? ['card']) as string[];
    const intent: Obj = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: p.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer: p.customer ?? null,
      payment_method: p.payment_method ?? null,
      allowed_payment_method_types: types,
      payment_method_types: types,
      setup_future_usage: p.setup_future_usage ?? null,
      metadata: p.metadata ?? {},
      receipt_email: p.receipt_email ?? null,
      description: p.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      created: now(),
      livemode: live,
    };
    this.intents.set(id, intent);
    if (p.confirm === 'true') {
      const method = TEST_METHODS[String(p.payment_method)];
      if (!method) return error(400, 'invalid_request_error', `No such PaymentMethod: '${p.payment_method}'`, { code: 'resource_missing' });
      if (method.offSession !== 'ok') {
        const code = method.offSession === 'authentication_required' ? 'authentication_required' : 'card_declined';
        const message = code === 'authentication_required' ? 'Your card was declined. This transaction requires authentication.' : 'Your card was declined.';
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', code, decline_code: code === 'card_declined' ? 'generic_decline' : code, message };
        return error(402, 'card_error', message, { code, decline_code: intent.last_payment_error.decline_code, payment_intent: intent });
      }
      this.succeedNow(intent);
    }
    return { status: 200, body: intent };
  }

  private createSetupIntent(p: Obj, live: boolean): Answer {
    if (p.customer !== undefined && !this.customers.has(String(p.customer))) {
      return error(400, 'invalid_request_error', `No such customer: '${p.customer}'`, { code: 'resource_missing', param: 'customer' });
    }
    const id = `seti_${this.nextId()}`;
    const types = (p.allowed_payment_method_types ?? p.payment_method_types ?? ['card']) as string[];
    const setup: Obj = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer: p.customer ?? null,
      payment_method: null,
      allowed_payment_method_types: types,
      payment_method_types: types,
      usage: p.usage ?? 'off_session',
      status: 'requires_payment_method',
      metadata: p.metadata ?? {},
      last_setup_error: null,
      created: now(),
      livemode: live,
    };
    this.setupIntents.set(id, setup);
    return { status: 200, body: setup };
  }

  private cancelIntent(id: string): Answer {
    const intent = this.intents.get(id);
    if (!intent) return this.found(undefined, 'payment_intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return error(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason = 'requested_by_customer';
    return { status: 200, body: intent };
  }

  private createRefund(p: Obj): Answer {
    const intent = this.intents.get(String(p.payment_intent));
    if (!intent) return this.found(undefined, 'payment_intent');
    if (intent.status !== 'succeeded') {
      return error(400, 'invalid_request_error', `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    }
    const refunded = [...this.refunds.values()].filter((r) => r.payment_intent === intent.id && r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
    const left = intent.amount_received - refunded;
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (amount > left || amount < 1) {
      return error(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
        code: 'amount_too_large',
      });
    }
    const refund = {
      id: `re_${this.nextId()}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
      failure_reason: null,
      metadata: p.metadata ?? {},
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  private paymentMethod(id: string): Answer {
    const method = TEST_METHODS[id];
    if (!method) return this.found(undefined, 'payment_method');
    return {
      status: 200,
      body: { id, object: 'payment_method', type: 'card', card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: 2034 }, livemode: false },
    };
  }

  private succeedNow(intent: Obj): void {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = `ch_${this.nextId()}`;
    intent.last_payment_error = null;
  }

  private intent(id: string): Obj {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no PaymentIntent ${id}`);
    return intent;
  }

  // Controls: what the shopper's browser (Stripe.js) and the banks do, played by a test.

  /** The shopper paid (Stripe.js confirmed it with this test payment method). */
  succeed(id: string, paymentMethod = 'pm_card_visa'): Obj {
    const intent = this.intent(id);
    intent.payment_method = paymentMethod;
    this.succeedNow(intent);
    return { ...intent };
  }

  /** The customer confirmed a SetupIntent in the browser (Stripe.js's confirmSetup) with this test payment method. */
  confirmSetup(id: string, paymentMethod = 'pm_card_visa'): Obj {
    const setup = this.setupIntents.get(id);
    if (!setup) throw new Error(`no SetupIntent ${id}`);
    setup.payment_method = paymentMethod;
    setup.status = 'succeeded';
    return { ...setup };
  }

  /** The SetupIntent a client secret belongs to (the browser knows only the secret). */
  setupOfSecret(secret: string): Obj {
    const setup = [...this.setupIntents.values()].find((s) => s.client_secret === secret);
    if (!setup) throw new Error('no SetupIntent for that secret');
    return setup;
  }

  /** The shopper's attempt failed (a decline): the PaymentIntent waits for another method. */
  fail(id: string, message = 'Your card has insufficient funds.'): Obj {
    const intent = this.intent(id);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message };
    return { ...intent };
  }

  /** The card asks for its holder's authentication (3D Secure). */
  requireAction(id: string): Obj {
    const intent = this.intent(id);
    intent.status = 'requires_action';
    intent.next_action = { type: 'use_stripe_sdk' };
    return { ...intent };
  }

  /** A refund the bank could not make after all. */
  failRefund(id: string, reason = 'expired_or_canceled_card'): Obj {
    const refund = this.refunds.get(id);
    if (!refund) throw new Error(`no refund ${id}`);
    refund.status = 'failed';
    refund.failure_reason = reason;
    return { ...refund };
  }

  /** The cardholder disputed the payment (a Dispute object), or the dispute ended (`status` won or lost). */
  dispute(id: string, opts: { reason?: string; status?: string; disputeId?: string } = {}): Obj {
    const intent = this.intent(id);
    return {
      id: opts.disputeId ?? `dp_${this.nextId()}`,
      object: 'dispute',
      amount: intent.amount_received,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      reason: opts.reason ?? 'product_not_received',
      status: opts.status ?? 'needs_response',
      evidence_details: { due_by: now() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      created: now(),
      livemode: false,
    };
  }

  /** An Event object as Stripe sends it to a webhook. */
  event(type: string, object: Obj, id = `evt_${this.nextId()}`): Obj {
    return { id, object: 'event', type, api_version: '2026-10-28.endive', created: now(), livemode: false, pending_webhooks: 1, data: { object } };
  }
}

/** A webhook request's body and Stripe-Signature header, signed with the `stripe` package's own test helper. */
export function signedWebhook(event: Obj, secret: string, opts: { timestamp?: number } = {}): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}) });
  return { payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
}
