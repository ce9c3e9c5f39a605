/**
 * Settings of the measurement side, read from the environment by loadConfig. Every one
 * has a default; README.md lists them.
 */
export interface AnalyticsConfig {
  /** The global flag that turns census off: pages tell the collectors so, and nothing is recorded. */
  censusDisabled: boolean;
  /** Raw events, page-speed records and client errors are deleted after this many days (roll-ups stay). */
  retentionDays: number;
  /** Rows written in one transaction, at most: the rows of one turn of the event loop beyond it wait for the next. */
  batchSize: number;
  /** Rows waiting for their write (their requests not yet answered) beyond which ingestion answers 503: memory stays bounded. */
  queueLimit: number;
  /** How often the roll-up and retention job runs in a serving process; 0 runs it only on demand. */
  rollupIntervalMs: number;
  /** Ingestion requests per client address per minute, per process; 0 turns the limit off. */
  rateLimitPerMinute: number;
}

export const ANALYTICS_DEFAULTS: AnalyticsConfig = {
  censusDisabled: false,
  retentionDays: 90,
  batchSize: 500,
  queueLimit: 50_000,
  rollupIntervalMs: 10 * 60_000,
  rateLimitPerMinute: 1_200,
};

type Integer = (name: string, raw: string | undefined, fallback: number, min: number, max: number) => number;

/** The analytics settings of an environment; `integer` is loadConfig's checked parser. */
export function analyticsConfig(env: NodeJS.ProcessEnv, integer: Integer): AnalyticsConfig {
  const d = ANALYTICS_DEFAULTS;
  return {
    censusDisabled: ['1', 'true', 'yes'].includes((env.CENSUS_DISABLED ?? '').toLowerCase()),
    retentionDays: integer('ANALYTICS_RETENTION_DAYS', env.ANALYTICS_RETENTION_DAYS, d.retentionDays, 1, 36_500),
    batchSize: integer('ANALYTICS_BATCH_SIZE', env.ANALYTICS_BATCH_SIZE, d.batchSize, 1, 10_000),
    queueLimit: integer('ANALYTICS_QUEUE_LIMIT', env.ANALYTICS_QUEUE_LIMIT, d.queueLimit, 1, 10_000_000),
    rollupIntervalMs: integer('ANALYTICS_ROLLUP_MS', env.ANALYTICS_ROLLUP_MS, d.rollupIntervalMs, 0, 86_400_000),
    rateLimitPerMinute: integer('ANALYTICS_RATE_LIMIT', env.ANALYTICS_RATE_LIMIT, d.rateLimitPerMinute, 0, 10_000_000),
  };
}
