// The two event trackers (platform.md sections 3 and 7): the legacy tracker (RecordEvent,
// form-encoded) and the v2 event client (clanker, JSON). A track call rejects with the spec's
// messages; callers on the page ignore the rejection (tracking failures are silent).
import { readCrumb } from '@tessera/core/api-client/crumb';
import { ANALYTICS } from '@tessera/core/constants';
import { FORM_TYPE, type FormFields, JSON_TYPE, formEncode, post } from './transport.js';
import type { Visit } from './visit.js';

/** The v2 event record's client_name. */
const CLIENT_NAME = 'tessera-storefront';

async function tracked(response: Promise<Response>): Promise<void> {
  const { status } = await response;
  if (!(ANALYTICS.successStatuses as readonly number[]).includes(status)) {
    throw new Error(`Error tracking event: HTTP Status ${status}`);
  }
}

/** `POST /api/events/RecordEvent`: crumb (from its cookie), event, the extra fields, data (JSON). */
export function trackLegacyEvent(event: string, fields: FormFields, payload?: object): Promise<void> {
  if (!payload) return Promise.reject(new Error('no payload'));
  const body = formEncode({ ...fields, crumb: readCrumb(), event, data: JSON.stringify(payload) });
  return tracked(post('/api/events/RecordEvent', body, FORM_TYPE));
}

/**
 * `POST /api/v1/clanker/events` with { eventContent (the record as a JSON string), eventSchemaName };
 * in validate mode the content goes to `/api/v1/clanker/validate-event-content/{schemaName}`.
 */
export function trackEvent(eventSchemaName: string, content?: object, validate = false): Promise<void> {
  if (!content) return Promise.reject(new Error('no payload'));
  const eventContent = JSON.stringify(content);
  return tracked(
    validate
      ? post(`/api/v1/clanker/validate-event-content/${encodeURIComponent(eventSchemaName)}`, eventContent, JSON_TYPE)
      : post('/api/v1/clanker/events', JSON.stringify({ eventContent, eventSchemaName }), JSON_TYPE),
  );
}

/** The legacy event payload. */
export function legacyPayload(visit: Visit, variantId?: unknown): object {
  const { context } = visit;
  return {
    pageHash: location.hash,
    pagePath: location.pathname,
    websiteId: context.websiteId,
    templateId: context.templateId,
    variantId,
    memberAccountId: context.memberId,
    member_locale: context.memberAccountLocale,
    website_locale: context.language,
  };
}

export interface EventProperties {
  /** The thing acted on: a product, an item, a lesson. */
  readonly objectIdentifier?: unknown;
  /** Where the action leads (a related product's URL, the cart). */
  readonly destinationUrl?: unknown;
  /** Overrides resolved_locale, which defaults to the document language, else en-US. */
  readonly resolvedLocale?: unknown;
  readonly [property: string]: unknown;
}

/** The v2 event record; the event's other properties ride along beside the record fields. */
export function eventRecord(visit: Visit, schemaName: string, properties: EventProperties = {}): object {
  const { context } = visit;
  const { objectIdentifier, destinationUrl, resolvedLocale, ...rest } = properties;
  return {
    ...rest,
    analytics_id: visit.analyticsId,
    browser_language: navigator.language,
    browser_window_height: innerHeight,
    browser_window_width: innerWidth,
    client_name: CLIENT_NAME,
    client_version: ANALYTICS.trackerClientVersion,
    marketing_id: visit.marketingId,
    page_host: location.host,
    page_path: location.pathname,
    page_query_params: location.search.slice(1),
    page_referrer_url: document.referrer,
    session_id: visit.session.sessionId,
    enduser_user_agent: navigator.userAgent,
    event_occurrence_timestamp: Date.now(),
    browser_locale: Intl.DateTimeFormat().resolvedOptions().locale,
    custom_schema_name: schemaName,
    source_environment: context.environment ?? 'prod',
    context_website_id: context.websiteId,
    destination_url: destinationUrl,
    member_account_id: context.memberId,
    object_identifier: objectIdentifier,
    resolved_locale: resolvedLocale ?? (document.documentElement.lang || ANALYTICS.defaultResolvedLocale),
    website_locale: context.language,
    member_account_locale: context.memberAccountLocale,
  };
}
