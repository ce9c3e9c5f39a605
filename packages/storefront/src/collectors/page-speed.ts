// Entry: the page-speed collector (platform.md sections 4, 7, 8), loaded on its own because it
// carries web-vitals. The bootstrap imports it only when the site turns page speed on.
import { ANALYTICS } from '@tessera/core/constants';
import { onCLS, onFCP, onINP, onLCP } from 'web-vitals';
import type { CollectorContext } from './context.js';
import { installErrorReporter } from './errors.js';
import { type Visibility, imageRecordData, visibilityOnLoad } from './image-records.js';
import { type PerformanceRecord, RECORD_APP, pageSpeedData } from './page-speed-record.js';
import { createRecordQueue } from './record-queue.js';
import { request } from './transport.js';

const SETTINGS_URL = '/api/1/performance/settings';

export interface PerformanceSettings {
  readonly pageLoadId?: unknown;
}

/** `GET /api/1/performance/settings`: 30 s timeout, only 200 accepted. */
export async function fetchPerformanceSettings(): Promise<PerformanceSettings> {
  let response: Response;
  try {
    response = await request(SETTINGS_URL, {}, ANALYTICS.settingsRequestTimeoutMs);
  } catch (error) {
    throw (error as Error)?.name === 'AbortError' ? new Error('Metric settings request timeout') : error;
  }
  if (response.status !== 200) throw new Error(`XHR request DONE with unexpected status: ${response.status}`);
  return (await response.json()) ?? {};
}

type Keep = (metric: { value: number }) => void;

/** The web-vitals values as they change; read when the record is built. */
function observeMetrics(): Record<string, number> {
  const values: Record<string, number> = {};
  const keep =
    (name: string): Keep =>
    ({ value }) => {
      values[name] = value;
    };
  // reportAllChanges: the record is built at an arbitrary moment (hidden or 60 s), so it needs
  // the latest value of each metric rather than only the final report
  onCLS(keep('cumulativeLayoutShift'), { reportAllChanges: true });
  onFCP(keep('firstContentfulPaint'));
  onLCP(keep('largestContentfulPaint'), { reportAllChanges: true });
  onINP(keep('interactionToNextPaint'), { reportAllChanges: true });
  observeFirstInput(keep('firstInputDelay'));
  return values;
}

/** First input delay, where the browser still reports first-input entries (web-vitals 5 dropped FID). */
function observeFirstInput(keep: Keep): void {
  if (!self.PerformanceObserver?.supportedEntryTypes?.includes('first-input')) return;
  new PerformanceObserver((list) => {
    const first = list.getEntries()[0] as PerformanceEventTiming | undefined;
    if (first) keep({ value: first.processingStart - first.startTime });
  }).observe({ type: 'first-input', buffered: true });
}

function onHidden(listener: () => void): void {
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && listener());
  addEventListener('pagehide', listener);
}

function hiddenOrTimeout(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    setTimeout(resolve, ms);
    onHidden(resolve);
  });
}

export interface PageSpeedOptions {
  /** Where collector errors go; the page's error reporter when absent. */
  readonly reportError?: (error: Error) => void;
}

/**
 * Runs the page-speed collector; resolves true once the record is queued, false when it did
 * not start (not enabled) or stopped (no pageLoadId).
 */
export async function startPageSpeed(context: CollectorContext, options: PageSpeedOptions = {}): Promise<boolean> {
  if (!context.pageSpeedEnabled) return false;
  const report = options.reportError ?? ((error: Error) => installErrorReporter().report(error, 'pageSpeed'));
  const metrics = observeMetrics();
  const queue = createRecordQueue();
  let onLoad = new Map<HTMLImageElement, Visibility>();
  const loaded = (): void => {
    onLoad = visibilityOnLoad();
    setTimeout(queue.open, ANALYTICS.queueFlushDelayMs);
  };
  if (document.readyState === 'complete') loaded();
  else addEventListener('load', loaded, { once: true });
  onHidden(queue.flush);

  let pageLoadId: unknown;
  let cause: unknown;
  try {
    ({ pageLoadId } = await fetchPerformanceSettings());
  } catch (error) {
    cause = error;
  }
  if (typeof pageLoadId !== 'string' || !pageLoadId) {
    report(new Error('Unable to resolve pageLoadId', { cause }));
    return false;
  }

  const id = pageLoadId;
  await hiddenOrTimeout(ANALYTICS.pageSpeedMaxWaitMs);
  const record = (event: string, data: object): PerformanceRecord => ({
    app: RECORD_APP,
    event,
    pageLoadId: id,
    timestamp: Date.now(),
    data,
  });
  const hosts = context.imageHosts ?? [`${location.origin}/assets/`];
  try {
    queue.add(record('pageSpeed', pageSpeedData(context, metrics)), ...imageRecordData(hosts, onLoad).map((data) => record('image', data)));
  } catch (error) {
    report(error as Error);
  }
  return true;
}
