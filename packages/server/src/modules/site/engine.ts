import * as templateModule from '@tessera/template';

/**
 * The one place the server calls the JSON-T engine (@tessera/template, issue 2). Its interface is
 * fixed: compile(source) -> { errors, render(data, options) -> { output, errors } }.
 * TODO(engine): once the engine exports its types, import `compile` and its types directly.
 */
export interface EngineError {
  code?: string;
  message: string;
  line?: number;
  column?: number;
  /** Some engine errors name the partial they happened in. */
  partial?: string;
  file?: string;
}

export interface EngineRenderOptions {
  partials?: Record<string, string>;
  injects?: Record<string, string>;
  locale?: string;
  now?: number;
  timeZone?: string;
}

export interface EngineTemplate {
  errors: EngineError[];
  render(data: unknown, options?: EngineRenderOptions): { output: string; errors: EngineError[] };
}

interface Engine {
  compile(source: string, options?: unknown): EngineTemplate;
}

const engine = templateModule as unknown as Partial<Engine>;

export function engineAvailable(): boolean {
  return typeof engine.compile === 'function';
}

export class EngineMissingError extends Error {
  constructor() {
    super('The JSON-T engine (@tessera/template) does not export compile() yet: pages cannot be rendered.');
  }
}

export function compileTemplate(source: string): EngineTemplate {
  if (typeof engine.compile !== 'function') throw new EngineMissingError();
  return engine.compile(source);
}
