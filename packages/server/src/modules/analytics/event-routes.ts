import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { crumbMatches } from '../../http/crumb.js';
import { checkEventRecord } from './event-schemas.js';
import { hasType } from './ingest.js';
import { deviceOf, pathOf, referrerHost } from './request-info.js';
import { EventName, MAX_PROPERTIES, Opt, Scalar, SitePath, Str, checker, parseJson } from '../../http/validate.js';

/**
 * Visitor events (platform.md section 7):
 *   POST /api/events/RecordEvent                 legacy tracker, form: crumb (from the cookie), event, extra fields, data (JSON); 200
 *   POST /api/v1/clanker/events                  v2 event client, JSON: eventContent (the record as a JSON string), eventSchemaName; 202
 *   POST /api/v1/clanker/validate-event-content/{schemaName}   the record as JSON; 200 { valid: true } or 400 with what is wrong
 */

const LegacyForm = Type.Object(
  { crumb: Type.String({ maxLength: 128 }), event: EventName, data: Type.String({ maxLength: 12_000 }) },
  { additionalProperties: Type.String({ maxLength: 1024 }), maxProperties: 40 },
);

/** The legacy event payload (platform.md section 3). */
const LegacyPayload = Type.Object(
  {
    pageHash: Opt(Str(2048)),
    pagePath: Opt(SitePath),
    websiteId: Opt(Str(64)),
    templateId: Opt(Str(64)),
    variantId: Opt(Type.Union([Str(64), Type.Number()])),
    memberAccountId: Opt(Str(64)),
    member_locale: Opt(Str(35)),
    website_locale: Opt(Str(35)),
  },
  { additionalProperties: Scalar, maxProperties: MAX_PROPERTIES },
);

const EventsBody = Type.Object({ eventContent: Type.String({ minLength: 1, maxLength: 16_000 }), eventSchemaName: EventName }, { additionalProperties: false });

const checkLegacyForm = checker(LegacyForm);
const checkLegacyPayload = checker(LegacyPayload, 'data');
const checkEventsBody = checker(EventsBody);

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const LIMIT = 32 * 1024;

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const { ingest } = app;

  app.post('/api/events/RecordEvent', ingest.route('RecordEvent', LIMIT, 'form-body'), async (request, reply) => {
    const endpoint = 'RecordEvent';
    if (!(await ingest.admit(request, reply))) return reply;
    const site = await ingest.site(request);
    if (!site) return ingest.notFound(reply);
    if (!hasType(request, FORM)) return ingest.wrongType(reply, site, endpoint, FORM);
    const body = request.body as Record<string, unknown> | undefined;
    // The legacy tracker sends the crumb in the form rather than in a header.
    if (!crumbMatches(request, body?.crumb)) {
      ingest.count(site, endpoint, 'crumb');
      return reply.status(403).send(new AppError('CRUMB_FAIL').body());
    }
    const form = checkLegacyForm(body);
    if (!form.ok) return ingest.refuse(reply, site, endpoint, form);
    const json = parseJson(form.value.data, 'data');
    if (!json.ok) return ingest.refuse(reply, site, endpoint, json);
    const payload = checkLegacyPayload(json.value);
    if (!payload.ok) return ingest.refuse(reply, site, endpoint, payload);
    if (ingest.config.censusDisabled) return reply.status(200).send({ accepted: 0 });
    if (ingest.isBot(request)) return ingest.leaveOutBot(reply, 200, site, endpoint);
    const { crumb: _crumb, event, data: _data, ...fields } = form.value;
    const legacy = payload.value;
    return ingest.keep(reply, 200, 'analytics_events', [
      {
        website_id: site.websiteId,
        day: site.day,
        received_on: ingest.clock(),
        kind: 'legacy',
        name: event,
        path: pathOf(legacy.pagePath),
        page_type: null,
        collection_type: null,
        session_id: null,
        visitor_id: null,
        referrer_host: '',
        device: deviceOf(request.headers['user-agent']),
        object_id: legacy.variantId == null ? null : String(legacy.variantId),
        data: JSON.stringify({ fields, payload: legacy }),
      },
    ]);
  });

  app.post('/api/v1/clanker/events', ingest.route('clanker-events', LIMIT, 'beacon'), async (request, reply) => {
    const endpoint = 'clanker-events';
    if (!(await ingest.admit(request, reply))) return reply;
    const site = await ingest.site(request);
    if (!site) return ingest.notFound(reply);
    if (!hasType(request, JSON_TYPE)) return ingest.wrongType(reply, site, endpoint, JSON_TYPE);
    const body = checkEventsBody(request.body);
    if (!body.ok) return ingest.refuse(reply, site, endpoint, body);
    const json = parseJson(body.value.eventContent, 'eventContent');
    if (!json.ok) return ingest.refuse(reply, site, endpoint, json);
    const record = checkEventRecord(body.value.eventSchemaName, json.value);
    if (!record.ok) return ingest.refuse(reply, site, endpoint, record);
    if (ingest.config.censusDisabled) return reply.status(202).send({ accepted: 0 });
    if (ingest.isBot(request)) return ingest.leaveOutBot(reply, 202, site, endpoint);
    const event = record.value;
    return ingest.keep(reply, 202, 'analytics_events', [
      {
        website_id: site.websiteId,
        day: site.day,
        received_on: ingest.clock(),
        kind: 'event',
        name: body.value.eventSchemaName,
        path: pathOf(event.page_path),
        page_type: null,
        collection_type: null,
        session_id: event.session_id,
        visitor_id: event.analytics_id ?? null,
        referrer_host: referrerHost(event.page_referrer_url, site.host),
        device: deviceOf(request.headers['user-agent'], event.browser_window_width),
        object_id: event.object_identifier == null ? null : String(event.object_identifier),
        data: body.value.eventContent, // checked whole above
      },
    ]);
  });

  app.post('/api/v1/clanker/validate-event-content/:schemaName', ingest.route('validate-event-content', LIMIT, 'beacon'), async (request, reply) => {
    const endpoint = 'validate-event-content';
    if (!(await ingest.admit(request, reply, 0))) return reply;
    const site = await ingest.site(request);
    if (!hasType(request, JSON_TYPE)) return ingest.wrongType(reply, site, endpoint, JSON_TYPE);
    const record = checkEventRecord((request.params as { schemaName: string }).schemaName, request.body, false);
    if (!record.ok) return ingest.refuse(reply, site, endpoint, record);
    return reply.status(200).send({ valid: true });
  });
}
