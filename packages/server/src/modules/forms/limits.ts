import type { RateLimit } from '../../http/rate-limit.js';

/**
 * The forms module's rate limits, per visitor and per site (the spec asks for both and gives no
 * numbers). A visitor who corrects a few mistakes stays well inside them; a script does not.
 */
export interface FormLimits {
  readonly submissionPerVisitor: RateLimit;
  readonly submissionPerSite: RateLimit;
  readonly keyPerVisitor: RateLimit;
  readonly keyPerSite: RateLimit;
  readonly validatePerVisitor: RateLimit;
}

const MINUTE = 60_000;

export const DEFAULT_FORM_LIMITS: FormLimits = Object.freeze({
  submissionPerVisitor: { name: 'form-submission:visitor', limit: 10, windowMs: 10 * MINUTE },
  submissionPerSite: { name: 'form-submission:site', limit: 300, windowMs: 60 * MINUTE },
  keyPerVisitor: { name: 'form-key:visitor', limit: 20, windowMs: 10 * MINUTE },
  keyPerSite: { name: 'form-key:site', limit: 1000, windowMs: 60 * MINUTE },
  validatePerVisitor: { name: 'form-validate:visitor', limit: 60, windowMs: MINUTE },
});

/** How long a submission key may be used. The island asks for one when the visitor submits. */
export const DEFAULT_KEY_TTL_MS = 30 * MINUTE;
