import { type TSchema, Type } from '@sinclair/typebox';
import { EVENT_ENVIRONMENTS } from '@tessera/core/constants';
import { type Checked, ClientId, EventName, MAX_PROPERTIES, Opt, Scalar, SitePath, Str, checker, rejected } from '../../http/validate.js';

/**
 * The v2 event record (platform.md section 3, "Event record v2") and the event schemas Tessera
 * knows: the storefront's commerce events, as its event client names them
 * (COMMERCE_EVENTS of @tessera/core). The fields the event
 * client always fills are required; the ones that depend on the visitor (analytics id, member,
 * locale of the member) are optional. Other properties of the event ride along as scalars.
 */
const Count = Type.Integer({ minimum: 0, maximum: 100_000 });

const recordFields = {
  analytics_id: Opt(ClientId),
  browser_language: Opt(Str(35)),
  browser_window_height: Opt(Count),
  browser_window_width: Opt(Count),
  client_name: Str(64, 1),
  client_version: Str(32, 1),
  marketing_id: Opt(ClientId),
  page_host: Str(255, 1),
  page_path: SitePath,
  page_query_params: Opt(Str(2048)),
  page_referrer_url: Opt(Str(2048)),
  session_id: ClientId,
  enduser_user_agent: Opt(Str(1024)),
  event_occurrence_timestamp: Type.Number({ minimum: 0 }),
  browser_locale: Opt(Str(35)),
  custom_schema_name: EventName,
  source_environment: Type.Union(EVENT_ENVIRONMENTS.map((e) => Type.Literal(e))),
  context_website_id: Opt(Str(64)),
  destination_url: Opt(Str(2048)),
  member_account_id: Opt(Str(64)),
  object_identifier: Opt(Type.Union([Str(128), Type.Number()])),
  resolved_locale: Str(35, 1),
  website_locale: Opt(Str(35)),
  member_account_locale: Opt(Str(35)),
};

const ObjectIdentifier = Type.Union([Str(128, 1), Type.Number()]);

function schema(extra: Record<string, TSchema> = {}) {
  return Type.Object({ ...recordFields, ...extra }, { additionalProperties: Scalar, maxProperties: MAX_PROPERTIES });
}

/** Events about one product name it in object_identifier; the others may. */
const aboutProduct = () => schema({ object_identifier: ObjectIdentifier });

const EVENT_SCHEMAS = {
  visit_product_page: aboutProduct(),
  add_to_cart: aboutProduct(),
  view_cart: schema(),
  remove_from_cart: aboutProduct(),
  related_product_display: schema(),
  related_product_click: aboutProduct(),
  related_product_add_to_cart: aboutProduct(),
  reviews_tab_click: schema(),
  reviews_anchor_click: schema(),
} as const;

export type EventSchemaName = keyof typeof EVENT_SCHEMAS;
export const EVENT_SCHEMA_NAMES = Object.keys(EVENT_SCHEMAS) as EventSchemaName[];

/** Events that count as adds to cart in the commerce funnel. */
export const ADD_TO_CART_EVENTS: readonly EventSchemaName[] = ['add_to_cart', 'related_product_add_to_cart'];

export type EventRecord = Record<string, unknown> & {
  page_path: string;
  session_id: string;
  custom_schema_name: string;
  analytics_id?: string | null;
  page_referrer_url?: string | null;
  browser_window_width?: number | null;
  object_identifier?: string | number | null;
};

const checkers = Object.fromEntries(EVENT_SCHEMA_NAMES.map((name) => [name, checker(EVENT_SCHEMAS[name], 'eventContent')]));
const validateCheckers = Object.fromEntries(EVENT_SCHEMA_NAMES.map((name) => [name, checker(EVENT_SCHEMAS[name])]));

function isEventSchemaName(name: unknown): name is EventSchemaName {
  return typeof name === 'string' && Object.hasOwn(EVENT_SCHEMAS, name);
}

/**
 * Checks an event record against its schema; `prefixed` names the fields under `eventContent`
 * (the events endpoint) rather than at the top (the validate endpoint).
 */
export function checkEventRecord(schemaName: string, record: unknown, prefixed = true): Checked<EventRecord> {
  if (!isEventSchemaName(schemaName)) {
    return rejected('eventSchemaName', `Unknown event schema "${String(schemaName).slice(0, 64)}"; known: ${EVENT_SCHEMA_NAMES.join(', ')}`);
  }
  const checked = (prefixed ? checkers : validateCheckers)[schemaName]!(record);
  if (!checked.ok) return checked;
  const value = checked.value as EventRecord;
  if (value.custom_schema_name !== schemaName) {
    const field = prefixed ? 'eventContent.custom_schema_name' : 'custom_schema_name';
    return rejected(field, `Expected "${schemaName}", the event's schema name`);
  }
  return { ok: true, value };
}
