import { Readable, Transform } from 'node:stream';
import { dayIn, localFields, minuteOffset } from '@tessera/core';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { SiteSnapshot } from '../site/index.js';
import type { SubscriberFilters } from './owner-query.js';
import { fewMatches, pageOfSubscribers } from './owner-store.js';
import { STATUS_WORDS } from './owner-words.js';

/** Subscribers read per step of the export: the file streams out while the next step is read. */
const BATCH = 1000;

const COLUMNS = ['Email', 'Status', 'Source', 'Signed up', 'Confirmed', 'Unsubscribed'];

/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a return, and not
 * a plain number) gets a leading apostrophe, as in the orders' and the form submissions' exports:
 * an address or a source is what a visitor typed.
 */
function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A zone's offset changes on a quarter hour at the finest: asked of Intl once per quarter hour, not per cell. */
const QUARTER_HOUR = 900_000;

/** ISO 8601 with the site's offset at that instant (`2025-01-31T10:00:00-05:00`); '' for none. */
function isoInZone(zone: string, ms: number | null, offsets: Map<number, number>): string {
  if (ms === null) return '';
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = offsets.get(quarter);
  if (offset === undefined) offsets.set(quarter, (offset = minuteOffset(zone, quarter * QUARTER_HOUR)));
  const f = localFields(ms + offset);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${f.year}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The list's own keyset query, a step at a time. */
async function* rowsOf(db: Kysely<Database>, s: SiteSnapshot, f: SubscriberFilters): AsyncGenerator<string[]> {
  let after: { created: number; id: string } | null = null;
  const offsets = new Map<number, number>();
  const when = (ms: number | null) => isoInZone(s.timeZone, ms, offsets);
  const few = f.q === '' ? null : await fewMatches(db, s.website.id, f.q);
  for (;;) {
    const rows = await pageOfSubscribers(db, s.website.id, { ...f, limit: BATCH, after }, few);
    const page = rows.slice(0, BATCH);
    for (const r of page) {
      yield [r.email, STATUS_WORDS[r.status], r.source, when(r.created_on), when(r.confirmed_on), when(r.unsubscribed_on)];
    }
    if (rows.length <= BATCH) return;
    const last = page[page.length - 1]!;
    after = { created: last.created_on, id: last.id };
  }
}

/** Bytes gathered before they go on: compressing a few big chunks costs far less than one per row. */
const CHUNK = 64 * 1024;

function gathered(): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= CHUNK) {
        this.push(Buffer.concat(parts));
        parts = [];
        size = 0;
      }
      done();
    },
    flush(done) {
      if (size > 0) this.push(Buffer.concat(parts));
      done();
    },
  });
}

/**
 * `GET /api/owner/mailing-list/export.csv`: every subscriber of the filters, newest first, streamed
 * through csv-stringify a step at a time (never the whole list in memory), CRLF line ends.
 */
export function exportSubscribers(db: Kysely<Database>, s: SiteSnapshot, f: SubscriberFilters, now: number) {
  const csv = stringify({ header: true, columns: COLUMNS, record_delimiter: 'windows', cast: { string: spreadsheetSafe } });
  const rows = Readable.from(rowsOf(db, s, f));
  // A failed read ends the answer (pipe alone would leave it open).
  const out = gathered();
  rows.on('error', (error) => csv.destroy(error));
  csv.on('error', (error) => out.destroy(error));
  return { filename: `mailing-list-${dayIn(s.timeZone, now)}.csv`, stream: rows.pipe(csv).pipe(out) };
}
