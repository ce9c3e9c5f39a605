import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ERROR_REPORTER, ERROR_URL_LENGTH } from '@tessera/core/constants';
import { hasType } from '../analytics/index.js';
import { pathOf } from '../analytics/index.js';
import { EventName, Opt, Scalar, Str, checker } from '../../http/validate.js';

/**
 * The client error reporter's endpoint (storefront.md sections 7 and 9):
 *   POST /api/events/RecordJavascriptErrors   JSON list of { event, data: { message, name?, stack?, cause?,
 *                                             filename?, lineno?, colno?, url }, timestamp }; X-CSRF-Token header
 * The reporter sends at most 10 errors at a time with stacks cut to 5000 characters; more is refused.
 * The crumb is checked like any state-changing call (the reporter sends the header); 202 { accepted } once
 * stored; a bot's errors are counted, not stored (202 { accepted: 0 }).
 */
const Line = Type.Integer({ minimum: 0, maximum: 10_000_000 });

const ClientError = Type.Object(
  {
    event: EventName,
    data: Type.Object(
      {
        message: Str(ERROR_REPORTER.maxStackLength),
        name: Opt(Str(200)),
        stack: Opt(Str(ERROR_REPORTER.maxStackLength)),
        cause: Opt(Str(ERROR_REPORTER.maxStackLength)),
        filename: Opt(Str(ERROR_URL_LENGTH)),
        lineno: Opt(Line),
        colno: Opt(Line),
        url: Str(ERROR_URL_LENGTH, 1),
      },
      { additionalProperties: Scalar, maxProperties: 30 },
    ),
    timestamp: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);

const ClientErrors = Type.Array(ClientError, { minItems: 1, maxItems: ERROR_REPORTER.maxQueued });
const checkErrors = checker(ClientErrors, 'errors');

const LIMIT = 128 * 1024;
const JSON_TYPE = 'application/json';
/** Messages are grouped on; an error's message longer than this is grouped on its start. */
const MESSAGE_LENGTH = 500;

function pathOfUrl(url: string): string {
  try {
    return pathOf(new URL(url).pathname);
  } catch {
    return '/';
  }
}

export async function clientErrorsPlugin(app: FastifyInstance): Promise<void> {
  const { ingest } = app;

  app.post('/api/events/RecordJavascriptErrors', ingest.route('RecordJavascriptErrors', LIMIT), async (request, reply) => {
    const endpoint = 'RecordJavascriptErrors';
    if (!(await ingest.admit(request, reply, ERROR_REPORTER.maxQueued))) return reply;
    const site = await ingest.site(request);
    if (!site) return ingest.notFound(reply);
    if (!hasType(request, JSON_TYPE)) return ingest.wrongType(reply, site, endpoint, JSON_TYPE);
    const checked = checkErrors(request.body);
    if (!checked.ok) return ingest.refuse(reply, site, endpoint, checked);
    if (ingest.isBot(request)) return ingest.leaveOutBot(reply, 202, site, endpoint);
    const now = ingest.clock();
    const userAgent = request.headers['user-agent'] ?? null;
    return ingest.keep(
      reply,
      202,
      'client_errors',
      checked.value.map(({ event, data, timestamp }) => ({
        website_id: site.websiteId,
        day: site.day,
        received_on: now,
        event,
        message: data.message.slice(0, MESSAGE_LENGTH),
        name: data.name ?? null,
        path: pathOfUrl(data.url),
        url: data.url,
        stack: data.stack ?? null,
        data: JSON.stringify({
          message: data.message,
          cause: data.cause,
          filename: data.filename,
          lineno: data.lineno,
          colno: data.colno,
          timestamp,
          userAgent,
        }),
      })),
    );
  });
}
