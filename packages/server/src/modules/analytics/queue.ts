import type { Insertable } from 'kysely';
import type { AnalyticsEventsTable, ClientErrorsTable, PerformanceRecordsTable } from '../../storage/schema-analytics.js';

/** The raw tables ingestion writes to. */
export interface RawRows {
  analytics_events: Insertable<AnalyticsEventsTable>[];
  performance_records: Insertable<PerformanceRecordsTable>[];
  client_errors: Insertable<ClientErrorsTable>[];
}
export type RawTable = keyof RawRows;

/** Rows and counts written together, in one transaction. */
export interface Batch {
  rows: RawRows;
  /** `websiteId \0 day \0 endpoint \0 reason` -> count. */
  rejections: Map<string, number>;
  /** `websiteId \0 day \0 endpoint` -> calls from bots, left out. */
  bots: Map<string, number>;
  /** Raw rows in `rows`. */
  size: number;
}

export function emptyBatch(): Batch {
  return { rows: { analytics_events: [], performance_records: [], client_errors: [] }, rejections: new Map(), bots: new Map(), size: 0 };
}

export interface QueueOptions {
  /** Rows per transaction, at most (a request's rows are never split). */
  batchSize: number;
  /** Rows waiting for their write (their requests not yet answered) beyond which `hasRoom` says no. */
  queueLimit: number;
}

export interface QueueStats {
  /** Rows committed, their requests acknowledged, since start. */
  accepted: number;
  /** Rows whose write failed (their requests were told so) since start. */
  failed: number;
  /** Calls from bots counted since start. */
  bots: number;
  /** Rows waiting for the next write, and rows of the write in progress. */
  queued: number;
  writing: number;
  flushes: number;
  failedFlushes: number;
}

/** What one request added: its rows (or a bot's call) and the caller waiting for the commit. */
interface Entry {
  table: RawTable | null;
  rows: readonly object[];
  /** `websiteId \0 day \0 endpoint` of a bot's call, counted instead of rows. */
  bot: string | null;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const MAX_RETRY_MS = 30_000;

/**
 * The batch writer between ingestion and the store: group commit, as for the cart on SQLite
 * (storage/statement.ts), so that nothing is acknowledged before it is stored. A handler validates,
 * pushes its rows and waits: the rows pushed during one turn of the event loop form a batch, written
 * in one transaction (one multi-row insert per table on PostgreSQL), and every request of the batch is
 * answered once that transaction has committed. One write runs at a time per process; rows that
 * arrive meanwhile form the next batch, written as soon as the write ends, so batches grow with the
 * load and a write costs one commit for all of them. A batch that fails fails its requests (they
 * answer 503 and the collector may send again): nothing acknowledged is ever only in memory, so a
 * crash (`kill -9`) loses no acknowledged row. Rejection counts ride along with the next batch (and
 * are dropped with a batch that fails). `hasRoom` turns ingestion away (503) when more than
 * `queueLimit` rows wait, so memory stays bounded while the store is slow. Several processes each
 * run their own writer; nothing here is shared.
 */
export class IngestQueue {
  private pending: Entry[] = [];
  /** Rows (and bot calls) of `pending`. */
  private pendingRows = 0;
  private rejections = new Map<string, number>();
  private writing = 0;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | undefined;
  private retryMs = 0;
  private closed = false;
  private readonly counters = { accepted: 0, failed: 0, bots: 0, flushes: 0, failedFlushes: 0 };

  constructor(
    private readonly write: (batch: Batch) => Promise<void>,
    private readonly options: QueueOptions,
    private readonly onError: (error: unknown, rows: number) => void = () => {},
  ) {}

  /** Whether `rows` more rows may be accepted now. */
  hasRoom(rows = 1): boolean {
    return !this.closed && this.pendingRows + this.writing + rows <= this.options.queueLimit;
  }

  /** Adds rows to the next batch; resolves once they are committed, rejects if their write failed. */
  push<T extends RawTable>(table: T, rows: RawRows[T]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return this.enqueue(table, rows, null, rows.length);
  }

  /** Counts a bot's call in the next batch instead of its rows; resolves once committed. */
  countBot(websiteId: string, day: string, endpoint: string): Promise<void> {
    return this.enqueue(null, [], `${websiteId}\0${day}\0${endpoint}`, 1);
  }

  /** Counts a rejected payload; written with the next batch (and kept per process in `rejected`). */
  countRejection(websiteId: string, day: string, endpoint: string, reason: string): void {
    const key = `${websiteId}\0${day}\0${endpoint}\0${reason}`;
    this.rejections.set(key, (this.rejections.get(key) ?? 0) + 1);
    this.schedule();
  }

  stats(): QueueStats {
    return { ...this.counters, queued: this.pendingRows, writing: this.writing };
  }

  /** Writes everything waiting up to now (and waits for a write in progress); throws if a write failed. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running || this.hasWork()) {
      if (!this.running) this.start();
      if (!(await this.running!)) throw new Error('the analytics batch could not be written');
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

  private enqueue(table: RawTable | null, rows: readonly object[], bot: string | null, weight: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ table, rows, bot, resolve, reject });
      this.pendingRows += weight;
      this.schedule();
    });
  }

  private hasWork(): boolean {
    return this.pending.length > 0 || this.rejections.size > 0;
  }

  /**
   * The next write starts after the I/O callbacks of this turn (setImmediate), so that the requests
   * read in this turn join it. Rejection counts alone, after a failed write, wait for a retry delay
   * instead: nobody waits for them, and a store that is away is not asked again at once.
   */
  private schedule(): void {
    if (this.running || this.scheduled) return; // the write in progress schedules the next one when it ends
    if (this.pending.length === 0 && this.retryMs > 0) {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.start();
      }, this.retryMs);
      this.timer.unref?.();
      return;
    }
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start(): void {
    if (this.running || !this.hasWork()) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.writeOnce().finally(() => {
      this.running = undefined;
      if (this.hasWork()) this.schedule();
    });
  }

  /** Takes whole requests, in the order they came, up to `batchSize` rows (at least one request, whatever its size). */
  private take(): { batch: Batch; entries: Entry[] } {
    const batch = emptyBatch();
    let count = 0;
    let weight = 0;
    while (count < this.pending.length) {
      const next = this.pending[count]!;
      if (count > 0 && weight + (next.table ? next.rows.length : 1) > this.options.batchSize) break;
      const entry = this.pending[count++]!;
      if (entry.table) {
        (batch.rows[entry.table] as object[]).push(...entry.rows);
        batch.size += entry.rows.length;
        weight += entry.rows.length;
      } else if (entry.bot) {
        batch.bots.set(entry.bot, (batch.bots.get(entry.bot) ?? 0) + 1);
        weight++;
      }
    }
    const entries = this.pending.splice(0, count);
    this.pendingRows -= weight;
    batch.rejections = this.rejections;
    this.rejections = new Map();
    this.writing = weight;
    return { batch, entries };
  }

  /** Writes one batch and answers its requests; resolves with whether the write succeeded. */
  private async writeOnce(): Promise<boolean> {
    const { batch, entries } = this.take();
    const bots = entries.length - entries.filter((e) => e.table).length;
    try {
      await this.write(batch);
    } catch (error) {
      this.counters.failedFlushes++;
      this.counters.failed += batch.size;
      this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2 || 250);
      // Rows and bot calls were never acknowledged: their requests hear of it. The rejection counts go
      // (the process keeps its own, Ingest.rejected): kept, a count the store cannot take would fail every later batch.
      this.writing = 0;
      this.onError(error, batch.size);
      for (const entry of entries) entry.reject(error);
      return false;
    }
    this.writing = 0;
    this.retryMs = 0;
    this.counters.flushes++;
    this.counters.accepted += batch.size;
    this.counters.bots += bots;
    for (const entry of entries) entry.resolve();
    return true;
  }
}
