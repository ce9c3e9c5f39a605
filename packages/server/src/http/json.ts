import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * How deep a JSON body may nest. The deepest body Tessera takes (a checkout with its cart, addresses
 * and additional fields) nests under ten levels; a body nested thousands deep would only exhaust the
 * stack of whatever walks it later (validation, JSON.stringify), so it is refused when parsed.
 */
const MAX_JSON_DEPTH = 64;

/** Whether a JSON text nests arrays and objects deeper than `max` (brackets inside strings do not count). */
function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** JSON.parse for texts that handlers parse themselves (beacons sent as text/plain): too deep is refused. */
export function parseJsonText(text: string): unknown {
  if (jsonTooDeep(text)) throw new AppError('BODY_TOO_DEEP');
  return JSON.parse(text);
}

/** Fastify's own JSON body parser (prototype-poisoning checks and all), behind the depth limit. */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(body as string)) {
      done(new AppError('BODY_TOO_DEEP'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
