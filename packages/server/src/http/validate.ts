import { parseJsonText } from './json.js';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

/**
 * Payload checks for the ingestion endpoints: a payload is accepted whole or refused whole, with
 * the fields that are wrong (for the 400 answer) and one reason (for the rejection counters).
 */
export type Checked<T> = { ok: true; value: T } | Rejected;
export interface Rejected {
  ok: false;
  /** The first offending field with array positions as `*` (`records.*.pageLoadId`): counters stay few. */
  reason: string;
  /** Field path -> what is wrong, at most 10. */
  errors: Record<string, string>;
}

export function rejected(reason: string, message: string, field = reason): Rejected {
  return { ok: false, reason, errors: { [field]: message } };
}

function fieldName(prefix: string, path: string): string {
  const parts = [prefix, ...path.split('/').filter(Boolean)].filter(Boolean);
  return parts.length > 0 ? parts.join('.') : 'body';
}

const reasonOf = (field: string) =>
  field
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? '*' : p))
    .join('.');

/** A compiled check of a TypeBox schema; field names in errors start with `prefix` (`data`). */
export function checker<T extends TSchema>(schema: T, prefix = ''): (value: unknown) => Checked<Static<T>> {
  const compiled = TypeCompiler.Compile(schema);
  return (value) => {
    if (compiled.Check(value)) return { ok: true, value: value as Static<T> };
    const errors: Record<string, string> = {};
    let first: string | undefined;
    for (const error of compiled.Errors(value)) {
      const field = fieldName(prefix, error.path);
      first ??= field;
      errors[field] ??= error.message;
      if (Object.keys(errors).length >= 10) break;
    }
    first ??= fieldName(prefix, '');
    return { ok: false, reason: reasonOf(first), errors };
  };
}

/** The same rejection with its fields named under `prefix` (`records.3`). */
export function under(prefix: string, rejection: Rejected): Rejected {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(rejection.errors)) errors[field === 'body' ? prefix : `${prefix}.${field}`] = message;
  const reason = rejection.reason === 'body' ? prefix : `${prefix}.${rejection.reason}`;
  return { ok: false, reason: reasonOf(reason), errors };
}

/** Parses a JSON text field; a text that is not JSON is refused with the field's name. */
export function parseJson(text: unknown, field: string): Checked<unknown> {
  if (typeof text !== 'string') return rejected(field, 'Expected a JSON string');
  try {
    return { ok: true, value: parseJsonText(text) };
  } catch {
    return rejected(field, 'Expected valid JSON');
  }
}

// Schema pieces shared by the endpoints.

/** A string of at most `max` characters. */
export const Str = (max: number, min = 0) => Type.String({ maxLength: max, minLength: min });
/** An optional field that may also be null (the browser's JSON keeps nulls, drops undefined). */
export const Opt = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
/** A path on the site: starts with "/". */
export const SitePath = Type.String({ minLength: 1, maxLength: 2048, pattern: '^/' });
/** Ids the browser makes (UUIDs, 24-hex ids, base64url tokens). */
export const ClientId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });
/** Names of events and schemas. */
export const EventName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });
/** A value the payloads may carry beside their known fields. */
export const Scalar = Type.Union([Type.String({ maxLength: 1024 }), Type.Number(), Type.Boolean(), Type.Null()]);

/** The page-context fields (platform.md section 3, "Page context (any of)"). */
export const PageContextFields = {
  accountId: Opt(Str(64)),
  ampEnabled: Opt(Type.Boolean()),
  authenticUrl: Opt(Str(2048)),
  cloneable: Opt(Type.Boolean()),
  collectionType: Opt(Type.Integer({ minimum: 0, maximum: 100_000 })),
  createdOn: Opt(Type.Number()),
  developerMode: Opt(Type.Boolean()),
  impersonatedSession: Opt(Type.Boolean()),
  inFrame: Opt(Type.Boolean()),
  isHstsEnabled: Opt(Type.Boolean()),
  isInternal: Opt(Type.Boolean()),
  language: Opt(Str(35)),
  memberId: Opt(Str(64)),
  pageType: Opt(Type.Integer({ minimum: 0, maximum: 100_000 })),
  platform: Opt(Str(64)),
  templateId: Opt(Str(64)),
  timeZone: Opt(Str(64)),
  websiteId: Opt(Str(64)),
  websiteType: Opt(Type.Integer({ minimum: 0, maximum: 100_000 })),
};

/** At most this many fields beside the known ones. */
export const MAX_PROPERTIES = 80;
