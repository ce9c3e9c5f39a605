import { parseArgs } from 'node:util';
import type { AnalyticsConfig } from './config.js';
import type { Store } from '../../storage/dialect.js';
import { runRollup } from './rollup.js';

/** `tessera analytics rollup [--all]`: the roll-up and retention job, once, now. */
export const ANALYTICS_USAGE = `  analytics rollup        roll up the days whose events changed, then apply the retention [--all to roll up every day again]`;

export class AnalyticsCommandError extends Error {}

export async function runAnalyticsCommand(store: Store, config: AnalyticsConfig, args: string[], say: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { all: { type: 'boolean', default: false } } });
  if (positionals[0] !== 'rollup') throw new AnalyticsCommandError(`analytics needs a command\n${ANALYTICS_USAGE}`);
  const r = await runRollup(store.db, { retentionDays: config.retentionDays, all: values.all });
  say(`Rolled up ${r.days} day${r.days === 1 ? '' : 's'} (${r.rows} rows); deleted ${r.deleted} raw rows older than ${config.retentionDays} days.`);
}
