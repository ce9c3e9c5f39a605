import { compile, type Template, type TemplateError } from '@tessera/template';

/**
 * The one place the server calls the JSON-T engine (@tessera/template): compile a theme file once,
 * then render it per request. Errors are values on both steps, never thrown.
 */
export type EngineTemplate = Template;
export type EngineError = TemplateError;

export function compileTemplate(source: string): EngineTemplate {
  return compile(source);
}
