import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

interface SchemaIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The fallback when a route names no message for a refused field. */
const NOT_VALID = 'This value is not valid.';

/**
 * The check owner routes run first: their schema's verdict (Fastify's attachValidation) answered as
 * 400 VALIDATION_FAILED, each refused field named by its path (`lines.0.quantity`, or the missing or
 * unknown property) with the route's own message for it. A message is found by the field's path, then
 * by that path without array positions (`lines.quantity`), then, with `parentMessage`, by its first
 * part (`lines`).
 */
export function schemaInput(
  messages: Readonly<Record<string, string>>,
  { parentMessage = false }: { parentMessage?: boolean } = {},
): (request: FastifyRequest) => void {
  return (request) => {
    const failed = request.validationError as (Error & { validation?: SchemaIssue[] }) | undefined;
    if (!failed) return;
    const errors: Record<string, string> = {};
    for (const issue of failed.validation ?? []) {
      const parts = issue.instancePath.split('/').filter(Boolean);
      if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') parts.push(issue.params.missingProperty);
      if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') parts.push(issue.params.additionalProperty);
      const field = parts.join('.') || 'body';
      const key = parts.filter((p) => !/^\d+$/.test(p)).join('.');
      errors[field] = messages[field] ?? messages[key] ?? (parentMessage ? messages[parts[0] ?? ''] : undefined) ?? NOT_VALID;
    }
    throw new AppError('VALIDATION_FAILED', undefined, errors);
  };
}
