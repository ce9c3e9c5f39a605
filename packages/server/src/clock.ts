/**
 * The time as modules read it: epoch milliseconds. Injected (AppOptions.clock) so that tests can
 * move time forward to expire keys and challenges or to make a delayed mail retry due, without
 * sleeping.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
