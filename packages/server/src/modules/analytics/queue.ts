import type { Insertable } from 'kysely';
import type { AnalyticsEventsTable, ClientErrorsTable, PerformanceRecordsTable } from '../../storage/schema-analytics.js';

/** The raw tables ingestion writes to. */
export interface RawRows {
  analytics_events: Insertable<AnalyticsEventsTable>[];
  performance_records: Insertable<PerformanceRecordsTable>[];
  client_errors: Insertable<ClientErrorsTable>[];
}
export type RawTable = keyof RawRows;

/** Rows and rejection counts written together, in one transaction. */
export interface Batch {
  rows: RawRows;
  /** `websiteId \0 day \0 endpoint \0 reason` -> count. */
  rejections: Map<string, number>;
  size: number;
}

export function emptyBatch(): Batch {
  return { rows: { analytics_events: [], performance_records: [], client_errors: [] }, rejections: new Map(), size: 0 };
}

export interface QueueOptions {
  batchSize: number;
  flushMs: number;
  queueLimit: number;
}

export interface QueueStats {
  /** Rows acknowledged to clients since start. */
  accepted: number;
  /** Rows written to the store since start. */
  stored: number;
  /** Rows waiting for the next write, and rows of the write in progress. */
  queued: number;
  writing: number;
  flushes: number;
  failedFlushes: number;
}

const MAX_RETRY_MS = 30_000;

/**
 * The in-memory batch queue between ingestion and the store (issue 8: "never blocks on the store").
 * Handlers validate, push and answer at once; rows are written in bulk, in one transaction per
 * write, when a batch reaches `batchSize` rows or `flushMs` after its first row. One write runs at
 * a time per process; rows that arrive meanwhile form the next batch. A failed write puts its rows
 * back in front and is retried with a growing delay, so nothing acknowledged is dropped while the
 * store is away; the queue then grows until `queueLimit`, where `hasRoom` turns ingestion away
 * (503) instead of growing without bound. `close()` writes everything before the store closes.
 * Several processes each run their own queue; nothing here is shared.
 */
export class IngestQueue {
  private batch = emptyBatch();
  private writing = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private retryMs = 0;
  private closed = false;
  private readonly counters = { accepted: 0, stored: 0, flushes: 0, failedFlushes: 0 };

  constructor(
    private readonly write: (batch: Batch) => Promise<void>,
    private readonly options: QueueOptions,
    private readonly onError: (error: unknown, rows: number) => void = () => {},
  ) {}

  /** Whether `rows` more rows may be accepted now. */
  hasRoom(rows = 1): boolean {
    return !this.closed && this.batch.size + this.writing + rows <= this.options.queueLimit;
  }

  push<T extends RawTable>(table: T, rows: RawRows[T]): void {
    if (rows.length === 0) return;
    (this.batch.rows[table] as unknown[]).push(...rows);
    this.batch.size += rows.length;
    this.counters.accepted += rows.length;
    this.schedule();
  }

  /** Counts a rejected payload; written with the next batch (and kept per process in `rejected`). */
  countRejection(websiteId: string, day: string, endpoint: string, reason: string): void {
    const key = `${websiteId}\0${day}\0${endpoint}\0${reason}`;
    this.batch.rejections.set(key, (this.batch.rejections.get(key) ?? 0) + 1);
    this.schedule();
  }

  stats(): QueueStats {
    return { ...this.counters, queued: this.batch.size, writing: this.writing };
  }

  /** Writes everything queued up to now (and waits for a write in progress). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running || this.hasWork()) {
      if (!this.running) this.running = this.writeOnce().finally(() => (this.running = undefined));
      const failed = await this.running.then(() => false, () => true);
      if (failed) throw new Error('the analytics batch could not be written');
    }
  }

  /** Stops accepting and writes what is left; retries a failing store a few times before giving up. */
  async close(): Promise<void> {
    this.closed = true;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.flush();
        return;
      } catch (error) {
        if (attempt >= 4) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  private hasWork(): boolean {
    return this.batch.size > 0 || this.batch.rejections.size > 0;
  }

  private schedule(): void {
    if (this.running) return; // the write in progress schedules the next one when it ends
    if (this.batch.size >= this.options.batchSize && this.retryMs === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.start();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.start();
      }, Math.max(this.options.flushMs, this.retryMs));
      this.timer.unref?.();
    }
  }

  private start(): void {
    if (this.running || !this.hasWork()) return;
    this.running = this.writeOnce()
      .catch(() => {}) // counted and logged in writeOnce; the rows are back in the queue
      .finally(() => {
        this.running = undefined;
        if (this.hasWork()) this.schedule();
      });
  }

  private async writeOnce(): Promise<void> {
    const batch = this.batch;
    this.batch = emptyBatch();
    this.writing = batch.size;
    try {
      await this.write(batch);
      this.counters.stored += batch.size;
      this.counters.flushes++;
      this.retryMs = 0;
    } catch (error) {
      this.counters.failedFlushes++;
      this.retryMs = Math.min(MAX_RETRY_MS, Math.max(this.options.flushMs, this.retryMs * 2 || 250));
      this.requeue(batch);
      this.onError(error, batch.size);
      throw error;
    } finally {
      this.writing = 0;
    }
  }

  /** Puts a failed batch back in front of what arrived since, in the order it came. */
  private requeue(failed: Batch): void {
    const current = this.batch;
    for (const table of Object.keys(current.rows) as RawTable[]) {
      (failed.rows[table] as unknown[]).push(...current.rows[table]);
    }
    for (const [key, count] of current.rejections) failed.rejections.set(key, (failed.rejections.get(key) ?? 0) + count);
    failed.size += current.size;
    this.batch = failed;
  }
}
