// The contract between the engine and its formatters and predicates.
//
// A formatter is a pure function (value, args, ctx) => result: `{x|name a b}` calls it with the value of
// x, args ['a', 'b'] (the raw words after the name, split on the first character after it) and the plugin
// context below. The result feeds the next formatter and, at the end of the chain, is written out
// (strings as they are, numbers and booleans as text, null/undefined and objects as nothing).
// Returning undefined means "missing". A formatter never mutates its input.
//
// A predicate is a pure function (value, args, ctx) => boolean; `value` is the node of the current frame.
//
// Tables are plain records name -> function. Platform tables (content, commerce, social, i18n) are new files
// `plugins/formatters.<domain>.ts` merged with the core ones through `createEngine({ formatters, predicates })`.

export interface PluginContext {
  /** The data object given to render(): the root of the JSON tree (e.g. root.localizedStrings, root.website). */
  readonly root: unknown;
  /** The node of the current frame: the value of the innermost section, repeated element or applied partial. */
  readonly node: unknown;
  /**
   * The values of every variable of the instruction (`{a, b|f}` gives [a, b]); values[0] is what the first
   * formatter of the chain received. Predicates see [node].
   */
  readonly values: readonly unknown[];
  /** BCP 47 locale of this render (default 'en'); undefined when the caller asked for no locale formatting. */
  readonly locale: string | undefined;
  /**
   * Named locales of this render (the `locales` render option): a locale formatter given `locale:<name>`
   * formats in the locale of that name, e.g. a site's own language and its visitor's.
   */
  readonly locales: Readonly<Record<string, string>>;
  /** IANA time zone: the render option, else root.website.timeZone, else America/New_York. */
  readonly timeZone: string;
  /** "Now" in epoch milliseconds for time-relative output: the render option, else the clock at render start. */
  readonly now: number;
  /**
   * Resolve a variable path exactly as `{path}` would here: `a.b.0`, `@`, `@index`, `@var.key`.
   * Returns undefined when missing (or when `path` is not a valid path).
   */
  resolve(path: string): unknown;
  /**
   * Interpret one argument the way predicates do: a JSON number, a double-quoted string, true, false or null
   * stand for themselves; anything else is a variable path resolved with resolve().
   */
  resolveArg(arg: string): unknown;
  /**
   * Render the macro or partial `name` with `node` as its data (what `{node|apply name}` does).
   * Reports "Attempt to apply partial 'x' which could not be found." and returns '' when there is none.
   */
  applyPartial(name: string, node: unknown, options?: ApplyOptions): string;
  /**
   * Render a built-in snippet: JSON-T source owned by a plugin (e.g. the add-to-cart button markup).
   * It is compiled once per engine with the engine's tables and cached; it renders in a new frame on `node`
   * that can still see the enclosing frames (so `{localizedStrings...}` resolves from the root), and its
   * errors are reported as runtime errors of the current instruction.
   */
  renderSnippet(source: string, node: unknown, options?: SnippetOptions): string;
  /**
   * Evaluate the registered predicate `name` (with its `?`) on `node` as the current node, as a
   * `{.name? args}` block inside a section on `node` would. False when no such predicate exists.
   */
  predicate(name: string, args: readonly string[], node: unknown): boolean;
  /** Report a runtime error at the current instruction (code PLUGIN_ERROR, prefixed by the plugin's name). */
  error(message: string): void;
}

export interface ApplyOptions {
  /** Stop variable lookups at the partial's own data (the `private` argument of apply). */
  readonly private?: boolean;
  /** Key/value arguments, visible in the partial as `@args`. */
  readonly args?: Readonly<Record<string, string>>;
}

export interface SnippetOptions {
  /** Variables defined in the snippet's frame, e.g. { '@label': 'Add To Cart' }. */
  readonly vars?: Readonly<Record<string, unknown>>;
  /** Stop variable lookups at `node` (default false). */
  readonly private?: boolean;
}

export type Formatter = (value: unknown, args: readonly string[], ctx: PluginContext) => unknown;
export type Predicate = (value: unknown, args: readonly string[], ctx: PluginContext) => boolean;

export type FormatterTable = Readonly<Record<string, Formatter>>;
export type PredicateTable = Readonly<Record<string, Predicate>>;
