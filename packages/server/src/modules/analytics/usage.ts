// The command's help line, apart from the command so that the CLI's help loads nothing else.
export const ANALYTICS_USAGE = `  analytics rollup        roll up the days whose events changed, then apply the retention [--all to roll up every day again]`;
