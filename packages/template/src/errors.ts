// Template errors are values: collected while compiling and rendering, never thrown to the caller.
// Every code has one factory here so that messages stay identical wherever an error is raised
// (the texts quoted by the platform spec, section 8 "Template errors", are used verbatim).

export type ErrorKind = 'syntax' | 'runtime';

export type ErrorCode =
  // syntax: instructions and blocks
  | 'UNKNOWN_FORMATTER'
  | 'UNKNOWN_PREDICATE'
  | 'CLOSING_OUTSIDE_BLOCK'
  | 'OR_OUTSIDE_BLOCK'
  | 'ALTERNATES_OUTSIDE_REPEATED'
  | 'DEAD_BRANCH'
  | 'UNCLOSED_BLOCK'
  | 'UNTERMINATED_COMMENT'
  | 'NESTING_TOO_DEEP'
  // syntax: expressions of .eval
  | 'EXPR_UNTERMINATED_STRING'
  | 'EXPR_INVALID_ESCAPE'
  | 'EXPR_MISMATCHED_OPERATOR'
  | 'EXPR_UNEXPECTED_CHAR'
  | 'EXPR_INVALID_NUMBER'
  | 'EXPR_UNKNOWN_FUNCTION'
  | 'EXPR_TOO_MANY_TOKENS'
  | 'EXPR_STRING_TOO_LONG'
  // runtime
  | 'EXPR_REDUCE'
  | 'PARTIAL_MISSING'
  | 'PARTIAL_SYNTAX'
  | 'PARTIAL_DEPTH'
  | 'INJECT_MISSING'
  | 'INSTRUCTION_FAILED'
  | 'PLUGIN_ERROR'
  | 'OUTPUT_LIMIT'
  | 'STEP_LIMIT';

export interface TemplateError {
  readonly kind: ErrorKind;
  readonly code: ErrorCode;
  readonly message: string;
  /** 1-based line of the instruction (or expression character) the error is about. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** Name of the partial or macro the error happened in, absent for the template itself. */
  readonly partial?: string;
}

/** Where an error happened, before the kind and code are attached. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

function make(kind: ErrorKind, code: ErrorCode, message: string, pos: Position): TemplateError {
  return { kind, code, message, line: pos.line, column: pos.column };
}

/** The same error, reported from inside the named partial (kept when already set by a deeper one). */
export function inPartial(error: TemplateError, partial: string): TemplateError {
  return error.partial === undefined ? { ...error, partial } : error;
}

export const syntaxErrors = {
  unknownFormatter: (name: string, pos: Position) => make('syntax', 'UNKNOWN_FORMATTER', `Formatter '${name}' is unknown.`, pos),
  unknownPredicate: (name: string, pos: Position) => make('syntax', 'UNKNOWN_PREDICATE', `Predicate '${name}' is unknown.`, pos),
  closingOutsideBlock: (pos: Position) => make('syntax', 'CLOSING_OUTSIDE_BLOCK', 'Closing tag {.end} found outside of any block.', pos),
  orOutsideBlock: (pos: Position) => make('syntax', 'OR_OUTSIDE_BLOCK', 'An {.or} found outside of a section, repeated section, if or predicate block.', pos),
  alternatesOutsideRepeated: (pos: Position) =>
    make('syntax', 'ALTERNATES_OUTSIDE_REPEATED', '{.alternates with} is only allowed directly inside a repeated section.', pos),
  deadBranch: (pos: Position) => make('syntax', 'DEAD_BRANCH', 'This {.or} branch will never execute: it follows a plain {.or}.', pos),
  unclosedBlock: (block: string, pos: Position) => make('syntax', 'UNCLOSED_BLOCK', `The ${block} block opened here is never closed with {.end}.`, pos),
  unterminatedComment: (pos: Position) => make('syntax', 'UNTERMINATED_COMMENT', 'Multi-line comment {## is never closed with ##}.', pos),
  nestingTooDeep: (max: number, pos: Position) => make('syntax', 'NESTING_TOO_DEEP', `Blocks nested deeper than the maximum of ${max}.`, pos),
  exprUnterminatedString: (pos: Position) => make('syntax', 'EXPR_UNTERMINATED_STRING', 'Unterminated string in expression.', pos),
  exprInvalidEscape: (sequence: string, pos: Position) =>
    make('syntax', 'EXPR_INVALID_ESCAPE', `Invalid escape sequence '${sequence}' in expression string.`, pos),
  exprMismatchedOperator: (what: string, pos: Position) => make('syntax', 'EXPR_MISMATCHED_OPERATOR', `Mismatched operator in expression: ${what}.`, pos),
  exprUnexpectedChar: (ch: string, pos: Position) => make('syntax', 'EXPR_UNEXPECTED_CHAR', `Unexpected character '${ch}' in expression.`, pos),
  exprInvalidNumber: (text: string, pos: Position) => make('syntax', 'EXPR_INVALID_NUMBER', `Invalid number '${text}' in expression.`, pos),
  exprUnknownFunction: (name: string, pos: Position) => make('syntax', 'EXPR_UNKNOWN_FUNCTION', `Unknown function '${name}' in expression.`, pos),
  exprTooManyTokens: (max: number, pos: Position) => make('syntax', 'EXPR_TOO_MANY_TOKENS', `Expression has more than the maximum of ${max} tokens.`, pos),
  exprStringTooLong: (max: number, pos: Position) =>
    make('syntax', 'EXPR_STRING_TOO_LONG', `String in expression is longer than the maximum of ${max} characters.`, pos),
};

export const runtimeErrors = {
  exprReduce: (message: string, pos: Position) => make('runtime', 'EXPR_REDUCE', `Error evaluating expression: ${message}`, pos),
  partialMissing: (name: string, pos: Position) => make('runtime', 'PARTIAL_MISSING', `Attempt to apply partial '${name}' which could not be found.`, pos),
  partialSyntax: (name: string, first: TemplateError, pos: Position) =>
    make('runtime', 'PARTIAL_SYNTAX', `Parse of partial '${name}' failed: ${first.message} (line ${first.line}, column ${first.column})`, pos),
  partialDepth: (max: number, pos: Position) => make('runtime', 'PARTIAL_DEPTH', `Partial exceeded maximum recursion depth of ${max}`, pos),
  injectMissing: (name: string, pos: Position) => make('runtime', 'INJECT_MISSING', `Attempt to inject '${name}' which could not be found.`, pos),
  instructionFailed: (detail: string, pos: Position) => make('runtime', 'INSTRUCTION_FAILED', `Unexpected error when executing an instruction: ${detail}`, pos),
  plugin: (name: string, message: string, pos: Position) => make('runtime', 'PLUGIN_ERROR', `${name}: ${message}`, pos),
  outputLimit: (max: number, pos: Position) => make('runtime', 'OUTPUT_LIMIT', `Output exceeded the maximum of ${max} characters; rendering stopped.`, pos),
  stepLimit: (max: number, pos: Position) =>
    make('runtime', 'STEP_LIMIT', `Rendering exceeded the maximum of ${max} instruction steps; rendering stopped.`, pos),
};

/** Every code, for the documentation test that keeps this file and the README in step. */
export const ERROR_CODES: readonly ErrorCode[] = [
  'UNKNOWN_FORMATTER',
  'UNKNOWN_PREDICATE',
  'CLOSING_OUTSIDE_BLOCK',
  'OR_OUTSIDE_BLOCK',
  'ALTERNATES_OUTSIDE_REPEATED',
  'DEAD_BRANCH',
  'UNCLOSED_BLOCK',
  'UNTERMINATED_COMMENT',
  'NESTING_TOO_DEEP',
  'EXPR_UNTERMINATED_STRING',
  'EXPR_INVALID_ESCAPE',
  'EXPR_MISMATCHED_OPERATOR',
  'EXPR_UNEXPECTED_CHAR',
  'EXPR_INVALID_NUMBER',
  'EXPR_UNKNOWN_FUNCTION',
  'EXPR_TOO_MANY_TOKENS',
  'EXPR_STRING_TOO_LONG',
  'EXPR_REDUCE',
  'PARTIAL_MISSING',
  'PARTIAL_SYNTAX',
  'PARTIAL_DEPTH',
  'INJECT_MISSING',
  'INSTRUCTION_FAILED',
  'PLUGIN_ERROR',
  'OUTPUT_LIMIT',
  'STEP_LIMIT',
];
