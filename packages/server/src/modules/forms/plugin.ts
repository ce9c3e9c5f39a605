import { FORM_FIELD_COMMON_PROPERTIES, FORM_FIELD_EXTRA_PROPERTIES, FormBuilderStep, FormFieldType } from '@tessera/core';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError } from '../../errors.js';
import { RateLimiter, SITE_SUBJECT, visitorSubject } from '../../http/rate-limit.js';
import type { Store } from '../../storage/dialect.js';
import type { MailingList } from '../newsletter/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { DEFAULT_FORM_LIMITS, DEFAULT_KEY_TTL_MS, type FormLimits } from './limits.js';
import { createSubmissionKey } from './store.js';
import { checkValues, parseValues } from './answers.js';
import { findSiteForm, saveFormSubmission, type SubmissionBody } from './submit.js';

export interface FormsOptions {
  readonly limits: FormLimits;
  readonly keyTtlMs: number;
}

const DEFAULT_FORMS_OPTIONS: FormsOptions = Object.freeze({ limits: DEFAULT_FORM_LIMITS, keyTtlMs: DEFAULT_KEY_TTL_MS });

export interface FormsPluginOptions extends Partial<FormsOptions> {
  store: Store;
  sites: { snapshotFor(request: FastifyRequest): Promise<SiteSnapshot | undefined>; originOf(request: FastifyRequest, s: SiteSnapshot): string };
  mailingList: MailingList;
  clock: Clock;
  /** MAIL_FROM */
  mailFrom: string;
}

const PageField = Type.Optional(Type.String({ maxLength: 2000 }));

const SaveBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 200 }),
  // Not in the spec's payload table, which leaves out how the server learns the form: the island sends it.
  formId: Type.String({ minLength: 1, maxLength: 200 }),
  form: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String()]),
  captchaKey: Type.Optional(Type.String({ maxLength: 10_000 })),
  // Not in the spec either: a form with a disclaimer is sent only once the visitor agreed to it.
  disclaimerAccepted: Type.Optional(Type.Boolean()),
  pageTitle: PageField,
  pageId: PageField,
  contentSource: Type.Optional(Type.Union([Type.Literal('i'), Type.Literal('c'), Type.Literal('')])),
  pagePath: PageField,
  pagePermissionTypeValue: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Number()])),
});

/** The form schema of `GET /api/template/GetTemplateSchema?type=form`: field types and their properties. */
function formTemplateSchema() {
  return {
    type: 'form',
    commonProperties: [...FORM_FIELD_COMMON_PROPERTIES],
    fieldTypes: Object.values(FormFieldType).map((type) => ({
      type,
      properties: [...FORM_FIELD_COMMON_PROPERTIES, ...FORM_FIELD_EXTRA_PROPERTIES[type]],
    })),
    builderSteps: Object.values(FormBuilderStep),
  };
}

/**
 * Site forms: submission keys, submissions, validation and the form schema, at the spec's
 * paths (storefront.md section 7). Every state-changing call also passes the CSRF crumb check.
 */
export async function formsPlugin(root: FastifyInstance, opts: FormsPluginOptions): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { limits, keyTtlMs } = { ...DEFAULT_FORMS_OPTIONS, ...opts };
  const limiter = new RateLimiter(opts.store.db, opts.clock);
  const deps = {
    db: opts.store.db,
    mail: root.mail,
    mailingList: opts.mailingList,
    captcha: root.captcha,
    clock: opts.clock,
    mailFrom: opts.mailFrom,
    log: root.log,
  };

  app.post('/api/form/FormSubmissionKey', async (request) => {
    const snapshot = request.site;
    const websiteId = snapshot.website.id;
    await limiter.enforce(
      websiteId,
      [
        { rule: limits.keyPerVisitor, subject: visitorSubject(request) },
        { rule: limits.keyPerSite, subject: SITE_SUBJECT },
      ],
      'FORM_RATE_LIMITED',
    );
    const key = await createSubmissionKey(opts.store.db, websiteId, opts.clock(), keyTtlMs);
    return { data: { key } };
  });

  app.post('/api/form/SaveFormSubmission', { schema: { body: SaveBody }, bodyLimit: 256 * 1024 }, async (request) => {
    const snapshot = request.site;
    await limiter.enforce(
      snapshot.website.id,
      [
        { rule: limits.submissionPerVisitor, subject: visitorSubject(request) },
        { rule: limits.submissionPerSite, subject: SITE_SUBJECT },
      ],
      'FORM_RATE_LIMITED',
    );
    await saveFormSubmission(deps, snapshot, opts.sites.originOf(request, snapshot), request.body as SubmissionBody);
    // A dropped bot submission answers exactly like a stored one.
    return { data: { success: true } };
  });

  app.post(
    '/api/rest/forms/validate/:formId',
    {
      schema: { params: Type.Object({ formId: Type.String({ maxLength: 200 }) }) },
      bodyLimit: 256 * 1024,
    },
    async (request) => {
      const snapshot = request.site;
      await limiter.enforce(snapshot.website.id, [{ rule: limits.validatePerVisitor, subject: visitorSubject(request) }]);
      const form = findSiteForm(snapshot, request.params.formId);
      checkValues(form, parseValues(request.body ?? {}));
      return {};
    },
  );

  app.get(
    '/api/template/GetTemplateSchema',
    {
      schema: { querystring: Type.Object({ type: Type.String({ minLength: 1, maxLength: 100 }) }) },
    },
    async (request, reply) => {
      if (request.query.type !== 'form') throw new AppError('TEMPLATE_SCHEMA_UNKNOWN');
      return reply.header('cache-control', 'public, max-age=3600').send(formTemplateSchema());
    },
  );
}
