import type { WebVitalName } from '@tessera/core/constants';

/**
 * Web-vital distributions kept as histograms, so that the 75th percentile of any range of days
 * can be computed from the daily roll-ups without the raw records. Values are rounded *up* to
 * their bucket's edge (10 ms below 1 s, 50 ms to 10 s, 500 ms beyond; a layout shift to 0.001
 * below 1, 0.01 beyond): a percentile read from a histogram is never better than the truth, and
 * every threshold of the spec (2500/4000 ms, 200/500 ms, 0.1/0.25) is a bucket edge, so the
 * rating of a percentile is the rating of the exact value.
 */
export type Histogram = Record<string, number>;

function bucketOf(metric: WebVitalName, value: number): number {
  if (metric === 'CLS') {
    // a small epsilon: 0.57 * 1000 is 570.0000000000001 in floating point
    return value < 1 ? Math.ceil(value * 1000 - 1e-9) / 1000 : Math.ceil(value * 100 - 1e-9) / 100;
  }
  const step = value < 1_000 ? 10 : value < 10_000 ? 50 : 500;
  return Math.ceil(value / step - 1e-9) * step;
}

export function histogramOf(metric: WebVitalName, values: readonly number[]): Histogram {
  const histogram: Histogram = {};
  for (const value of values) {
    const key = String(bucketOf(metric, value));
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  return histogram;
}

export function mergeHistograms(into: Histogram, from: Histogram): Histogram {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
  return into;
}

export function histogramCount(histogram: Histogram): number {
  let n = 0;
  for (const count of Object.values(histogram)) n += count;
  return n;
}

/** The nearest-rank percentile (0 < p <= 1) of a histogram; null when it is empty. */
export function percentileOf(histogram: Histogram, p = 0.75): number | null {
  const buckets = Object.entries(histogram)
    .map(([k, n]) => [Number(k), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (const [value, n] of buckets) {
    seen += n;
    if (seen >= rank) return value;
  }
  return buckets[buckets.length - 1]![0];
}
