import { parseArgs } from 'node:util';
import type { AnalyticsConfig } from './config.js';
import type { Store } from '../../storage/dialect.js';
import { runRollup } from './rollup.js';
import { ANALYTICS_USAGE } from './usage.js';

export class AnalyticsCommandError extends Error {}

/** `tessera analytics rollup [--all]`: the roll-up and retention job, once, now. */
export async function runAnalyticsCommand(store: Store, config: AnalyticsConfig, args: string[], say: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { all: { type: 'boolean', default: false } } });
  if (positionals[0] !== 'rollup') throw new AnalyticsCommandError(`analytics needs a command\n${ANALYTICS_USAGE}`);
  const r = await runRollup(store.db, { retentionDays: config.retentionDays, all: values.all });
  say(`Rolled up ${r.days} day${r.days === 1 ? '' : 's'} (${r.rows} rows); deleted ${r.deleted} raw rows older than ${config.retentionDays} days.`);
}
