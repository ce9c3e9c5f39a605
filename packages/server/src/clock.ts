/**
 * The time as modules read it: epoch milliseconds. Injected (AppOptions.clock) so that tests can
 * move time forward to expire keys and challenges or to make a delayed mail retry due, without
 * sleeping. The server reads the wall clock here only: code that has no injected clock (the CLI,
 * migrations, defaults for direct callers) calls systemClock, and what measures real elapsed time
 * (how long a cached answer is trusted, how long a checkout retry waits for the first answer) says so and uses performance.now().
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
