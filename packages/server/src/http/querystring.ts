import qs from 'qs';

/** Query string limits of the spec (platform.md section 9: key limit 1000, depth 5, array limit 20). */
const QUERY_LIMITS = { parameterLimit: 1000, depth: 5, arrayLimit: 20 } as const;

/** Set on the parsed query when a limit was exceeded; the app answers QUERY_TOO_COMPLEX (400). */
const QUERY_REJECTED = Symbol('tessera.queryRejected');

/**
 * The query string parser given to Fastify. A query past a limit is refused as a whole rather than
 * silently cut, so a handler never acts on half a request. Fastify cannot take an error from the
 * parser, so the refusal is a marker that an onRequest hook turns into the 400 answer.
 */
export function parseQueryString(input: string): Record<string | symbol, unknown> {
  if (input === '') return {};
  const simple = simpleQuery(input);
  if (simple) return simple;
  try {
    return qs.parse(input, {
      ...QUERY_LIMITS,
      strictDepth: true,
      throwOnLimitExceeded: true,
      allowPrototypes: false,
      plainObjects: false,
    }) as Record<string, unknown>;
  } catch (error) {
    return { [QUERY_REJECTED]: error instanceof Error ? error.message : 'query rejected' };
  }
}

export function queryRejected(query: unknown): boolean {
  return typeof query === 'object' && query !== null && QUERY_REJECTED in query;
}

// `name=value` pairs whose names are plain words and whose values need no decoding: what pages
// mostly carry (`?page=2`, `?format=json`, `?lang=fr`).
const SIMPLE_QUERY = /^[A-Za-z0-9_-]+=[A-Za-z0-9_.~-]*(?:&[A-Za-z0-9_-]+=[A-Za-z0-9_.~-]*)*$/;

/**
 * The common query parsed without qs, to the very object qs would give: a few pairs, each name once
 * and none a property every object has (qs drops those); anything else is left to qs.
 */
function simpleQuery(input: string): Record<string, string> | null {
  if (input.length > 200 || !SIMPLE_QUERY.test(input)) return null;
  const out: Record<string, string> = {};
  for (const pair of input.split('&')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    if (name in out || name in Object.prototype) return null;
    out[name] = pair.slice(at + 1);
  }
  return out;
}
