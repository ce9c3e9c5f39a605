import type { Json, JsonObject } from './types.js';

/** One problem found in a site directory: which file, where in it, and what is wrong. */
export interface SiteIssue {
  file: string;
  path: string;
  message: string;
}

export class SiteDirectoryError extends Error {
  constructor(readonly issues: SiteIssue[]) {
    super(
      `The site directory has ${issues.length} problem${issues.length === 1 ? '' : 's'}:\n` +
        issues.map((i) => `  ${i.file}${i.path ? ` ${i.path}` : ''}: ${i.message}`).join('\n'),
    );
    this.name = 'SiteDirectoryError';
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads typed fields out of a parsed JSON object, recording a clear issue for each bad one
 * instead of throwing, so that one import reports every problem at once. Fields that were never
 * read are the "extra" fields, kept for the round trip.
 */
export class Reader {
  private readonly seen = new Set<string>();

  constructor(
    readonly issues: SiteIssue[],
    readonly file: string,
    readonly path: string,
    readonly obj: JsonObject,
  ) {}

  static of(issues: SiteIssue[], file: string, path: string, value: unknown): Reader | null {
    if (!isObject(value)) {
      issues.push({ file, path, message: 'must be an object' });
      return null;
    }
    return new Reader(issues, file, path, value);
  }

  fail(key: string | null, message: string): void {
    const at = key === null ? this.path : this.path ? `${this.path}.${key}` : key;
    this.issues.push({ file: this.file, path: at, message });
  }

  has(key: string): boolean {
    return this.obj[key] !== undefined && this.obj[key] !== null;
  }

  raw(key: string): Json | undefined {
    this.seen.add(key);
    return this.obj[key];
  }

  child(key: string): Reader | null {
    const value = this.raw(key);
    if (value === undefined || value === null) return null;
    return Reader.of(this.issues, this.file, this.path ? `${this.path}.${key}` : key, value);
  }

  string(key: string, fallback: string | null = null, opts: { pattern?: RegExp; patternText?: string; maxLength?: number } = {}): string {
    const value = this.raw(key);
    if (value === undefined || value === null) {
      if (fallback === null) {
        this.fail(key, 'is required');
        return '';
      }
      return fallback;
    }
    if (typeof value !== 'string') {
      this.fail(key, 'must be a string');
      return fallback ?? '';
    }
    if (opts.pattern && !opts.pattern.test(value)) this.fail(key, `"${value}" ${opts.patternText ?? 'is not valid'}`);
    if (opts.maxLength !== undefined && value.length > opts.maxLength) {
      this.fail(key, `is longer than ${opts.maxLength} characters`);
    }
    return value;
  }

  optionalString(key: string): string | null {
    const value = this.raw(key);
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string') {
      this.fail(key, 'must be a string');
      return null;
    }
    return value;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.raw(key);
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'boolean') {
      this.fail(key, 'must be true or false');
      return fallback;
    }
    return value;
  }

  integer(key: string, fallback: number | null, min: number, max: number): number {
    const value = this.raw(key);
    if (value === undefined || value === null) {
      if (fallback === null) {
        this.fail(key, 'is required');
        return min;
      }
      return fallback;
    }
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.fail(key, 'must be a whole number');
      return fallback ?? min;
    }
    if (value < min || value > max) {
      this.fail(key, `must be from ${min} to ${max} (got ${value})`);
      return fallback ?? min;
    }
    return value;
  }

  /** An ISO 8601 date or date-time, as epoch milliseconds. */
  date(key: string): number | null {
    const value = this.raw(key);
    if (value === undefined || value === null || value === '') return null;
    const ms = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
    if (Number.isNaN(ms)) {
      this.fail(key, `must be an ISO 8601 date such as "2025-03-01T09:00:00Z" (got ${JSON.stringify(value)})`);
      return null;
    }
    return ms;
  }

  stringArray(key: string, opts: { maxLength?: number; what?: string } = {}): string[] {
    const value = this.raw(key);
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      this.fail(key, 'must be a list of strings');
      return [];
    }
    const list = value as string[];
    if (opts.maxLength !== undefined) {
      for (const entry of list) {
        if (entry.length > opts.maxLength) {
          this.fail(
            key,
            `${opts.what ?? 'entry'} "${entry}" is ${entry.length} characters long; ` + `${opts.what ?? 'an entry'}s have at most ${opts.maxLength} characters`,
          );
        }
      }
    }
    return list;
  }

  array(key: string): Json[] {
    const value = this.raw(key);
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.fail(key, 'must be a list');
      return [];
    }
    return value;
  }

  object(key: string): JsonObject {
    const value = this.raw(key);
    if (value === undefined || value === null) return {};
    if (!isObject(value)) {
      this.fail(key, 'must be an object');
      return {};
    }
    return value;
  }

  /** Fields present in the object that were never read. */
  rest(): JsonObject {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(this.obj)) if (!this.seen.has(k) && v !== undefined) out[k] = v;
    return out;
  }
}
