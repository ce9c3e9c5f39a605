import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasType } from './ingest.js';
import { deviceOf, pathOf, referrerHost } from './request-info.js';
import { ClientId, EventName, MAX_PROPERTIES, Opt, PageContextFields, Scalar, SitePath, Str, checker, parseJson } from '../../http/validate.js';

/**
 * Page views and census calls (platform.md section 7; the shapes the collectors send are listed in
 * packages/storefront/src/collectors/README.md):
 *   POST /api/census/RecordHit                form: event, data (JSON), ss_cvr
 *   POST /api/census/button-click|button-render|overlay    JSON: visitorCookie, page fields, pagePath, ...
 *   POST /api/census/form-render              JSON: the same and formId
 *   POST /api/census/RecordQuickView/{id}     JSON: the same
 * Answer 202 { accepted } once stored (committed); 400 with the fields that are wrong (counted per reason).
 * A bot's call (its user agent) is answered 202 { accepted: 0 } and counted, not stored.
 */

const HitForm = Type.Object({ event: EventName, data: Type.String({ maxLength: 12_000 }), ss_cvr: Type.Optional(ClientId) }, { additionalProperties: false });

const Dimension = Type.Integer({ minimum: 0, maximum: 100_000 });

/** The page view's data (collectors/census.ts, pageViewData). */
const PageViewData = Type.Object(
  {
    ...PageContextFields,
    pagePath: SitePath,
    pageQuery: Opt(Str(2048)),
    pageHash: Opt(Str(2048)),
    referrer: Opt(Str(2048)),
    title: Opt(Str(1024)),
    isFirstLanding: Type.Boolean(),
    isFirstSession: Type.Boolean(),
    sessionId: ClientId,
    analyticsId: Opt(ClientId),
    marketingId: Opt(ClientId),
    windowWidth: Opt(Dimension),
    windowHeight: Opt(Dimension),
  },
  { additionalProperties: Scalar, maxProperties: MAX_PROPERTIES },
);

const censusFields = { visitorCookie: Opt(ClientId), ...PageContextFields, pagePath: SitePath };
const CensusBody = Type.Object(censusFields, { additionalProperties: Scalar, maxProperties: MAX_PROPERTIES });
const FormRenderBody = Type.Object({ ...censusFields, formId: Str(128, 1) }, { additionalProperties: Scalar, maxProperties: MAX_PROPERTIES });
const QuickViewId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });

const checkHitForm = checker(HitForm);
const checkPageView = checker(PageViewData, 'data');
const checkCensus = checker(CensusBody);
const checkFormRender = checker(FormRenderBody);
const checkQuickViewId = checker(QuickViewId, 'id');

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const HIT_LIMIT = 16 * 1024;
const CENSUS_LIMIT = 16 * 1024;

export async function censusRoutes(app: FastifyInstance): Promise<void> {
  const { ingest } = app;

  app.post('/api/census/RecordHit', ingest.route('RecordHit', HIT_LIMIT, 'beacon'), async (request, reply) => {
    const endpoint = 'RecordHit';
    if (!(await ingest.admit(request, reply))) return reply;
    const site = await ingest.site(request);
    if (!site) return ingest.notFound(reply);
    if (!hasType(request, FORM)) return ingest.wrongType(reply, site, endpoint, FORM);
    const form = checkHitForm(request.body);
    if (!form.ok) return ingest.refuse(reply, site, endpoint, form);
    const json = parseJson(form.value.data, 'data');
    if (!json.ok) return ingest.refuse(reply, site, endpoint, json);
    const data = checkPageView(json.value);
    if (!data.ok) return ingest.refuse(reply, site, endpoint, data);
    if (ingest.config.censusDisabled) return reply.status(202).send({ accepted: 0 });
    if (ingest.isBot(request)) return ingest.leaveOutBot(reply, 202, site, endpoint);
    const view = data.value;
    return ingest.keep(reply, 202, 'analytics_events', [
      {
        website_id: site.websiteId,
        day: site.day,
        received_on: ingest.clock(),
        kind: 'hit',
        name: form.value.event,
        path: pathOf(view.pagePath),
        page_type: view.pageType ?? null,
        collection_type: view.collectionType ?? null,
        session_id: view.sessionId,
        visitor_id: form.value.ss_cvr ?? view.analyticsId ?? null,
        referrer_host: referrerHost(view.referrer, site.host),
        device: deviceOf(request.headers['user-agent'], view.windowWidth),
        object_id: null,
        data: form.value.data, // checked whole above: stored as it came
      },
    ]);
  });

  type CensusPayload = Static<typeof CensusBody> & { formId?: string };

  /** One census call: the JSON body checked, one row queued under the call's name. */
  const census =
    (endpoint: string, check: (body: unknown) => ReturnType<typeof checkCensus>, objectId?: (request: FastifyRequest, body: CensusPayload) => string | null) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await ingest.admit(request, reply))) return reply;
      const site = await ingest.site(request);
      if (!site) return ingest.notFound(reply);
      if (!hasType(request, JSON_TYPE)) return ingest.wrongType(reply, site, endpoint, JSON_TYPE);
      if (endpoint === 'RecordQuickView') {
        const id = checkQuickViewId((request.params as { id?: unknown }).id);
        if (!id.ok) return ingest.refuse(reply, site, endpoint, id);
      }
      const body = check(request.body);
      if (!body.ok) return ingest.refuse(reply, site, endpoint, body);
      if (ingest.config.censusDisabled) return reply.status(202).send({ accepted: 0 });
      if (ingest.isBot(request)) return ingest.leaveOutBot(reply, 202, site, endpoint);
      const payload = body.value as CensusPayload;
      return ingest.keep(reply, 202, 'analytics_events', [
        {
          website_id: site.websiteId,
          day: site.day,
          received_on: ingest.clock(),
          kind: 'census',
          name: endpoint === 'RecordQuickView' ? 'quick-view' : endpoint,
          path: pathOf(payload.pagePath),
          page_type: payload.pageType ?? null,
          collection_type: payload.collectionType ?? null,
          session_id: null,
          visitor_id: payload.visitorCookie ?? null,
          referrer_host: '',
          device: deviceOf(request.headers['user-agent']),
          object_id: objectId?.(request, payload) ?? null,
          data: JSON.stringify(payload),
        },
      ]);
    };

  app.post('/api/census/button-click', ingest.route('button-click', CENSUS_LIMIT, 'beacon'), census('button-click', checkCensus));
  app.post('/api/census/button-render', ingest.route('button-render', CENSUS_LIMIT, 'beacon'), census('button-render', checkCensus));
  app.post('/api/census/overlay', ingest.route('overlay', CENSUS_LIMIT, 'beacon'), census('overlay', checkCensus));
  app.post(
    '/api/census/form-render',
    ingest.route('form-render', CENSUS_LIMIT, 'beacon'),
    census('form-render', checkFormRender, (_r, body) => body.formId ?? null),
  );
  app.post(
    '/api/census/RecordQuickView/:id',
    ingest.route('RecordQuickView', CENSUS_LIMIT, 'beacon'),
    census('RecordQuickView', checkCensus, (request) => (request.params as { id: string }).id),
  );
}
