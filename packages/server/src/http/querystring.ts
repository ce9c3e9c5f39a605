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
