// The performance record queue (platform.md sections 4 and 7): records wait until 30 seconds
// after load, or until the page is hidden, then leave together as one JSON array sent as
// text/plain, by beacon when the browser has one (it survives the page closing), else by a
// keepalive fetch. Once opened, records added later leave at once.
import { beacon, post } from './transport.js';

const RECORDS_URL = '/api/1/performance/records';

export interface RecordQueue {
  /** Queues records; throws `Data is empty` for a record that encodes to nothing (the others stay queued). */
  add(...records: unknown[]): void;
  /** Sends what is queued now (the page is being hidden). */
  flush(): void;
  /** The flush point after load: sends what is queued and every later record at once. */
  open(): void;
}

export function createRecordQueue(): RecordQueue {
  let encoded: string[] = [];
  let opened = false;
  const flush = (): void => {
    if (!encoded.length) return;
    const body = `[${encoded.join(',')}]`;
    encoded = [];
    if (!beacon(RECORDS_URL, body)) post(RECORDS_URL, body, 'text/plain').catch(() => {});
  };
  return {
    add(...records) {
      let empty = false;
      for (const record of records) {
        const json = JSON.stringify(record);
        if (!json || json === '{}' || json === 'null') empty = true;
        else encoded.push(json);
      }
      if (opened || document.visibilityState === 'hidden') flush();
      if (empty) throw new Error('Data is empty');
    },
    flush,
    open() {
      opened = true;
      flush();
    },
  };
}
