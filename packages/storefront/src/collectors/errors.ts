// The client error reporter (storefront.md sections 7 and 9): uncaught errors and unhandled
// rejections go to `POST /api/events/RecordJavascriptErrors` as a JSON list of
// {event, data, timestamp}, with the crumb cookie in the X-CSRF-Token header. A page that
// throws in a loop must not flood the server: sends are debounced by 1 second, at most 10
// errors wait in the queue and at most 20 sends leave per page.
import { readCrumb } from '@tessera/core/api-client/crumb';
import { ERROR_REPORTER, ERROR_URL_LENGTH } from '@tessera/core/constants';
import { JSON_TYPE, post } from './transport.js';

export interface ClientError {
  readonly event: string;
  readonly data: {
    readonly message: string;
    readonly name?: string;
    readonly stack?: string;
    /** The message of the error's cause (a collector's failure names what went wrong). */
    readonly cause?: string;
    readonly filename?: string;
    readonly lineno?: number;
    readonly colno?: number;
    readonly url: string;
  };
  readonly timestamp: number;
}

export interface ErrorReporter {
  /** Queues one error; event names its kind (error, unhandledrejection, or a collector's). */
  report(error: unknown, event?: string): void;
}

const ERRORS_URL = '/api/events/RecordJavascriptErrors';

/** Texts past the server's limits are cut here: one long message must not get its whole batch refused. */
const cut = (text: string | undefined, length: number = ERROR_REPORTER.maxStackLength) => text?.slice(0, length);

function toClientError(error: unknown, event: string): ClientError {
  const uncaught = error instanceof ErrorEvent ? error : undefined;
  const cause: unknown = uncaught ? (uncaught.error ?? uncaught.message) : error;
  const known = cause instanceof Error ? cause : undefined;
  return {
    event,
    data: {
      message: cut(known ? known.message : String(cause))!,
      name: known?.name,
      stack: cut(known?.stack),
      cause: cut(known?.cause instanceof Error ? known.cause.message : undefined),
      // An uncaught error's place, as the browser gives it (empty and 0 when it has none).
      filename: uncaught?.filename,
      lineno: uncaught?.lineno,
      colno: uncaught?.colno,
      url: cut(location.href, ERROR_URL_LENGTH)!,
    },
    timestamp: Date.now(),
  };
}

export function createErrorReporter(): ErrorReporter {
  let sends = 0;
  let queue: ClientError[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (): void => {
    const batch = queue;
    queue = [];
    sends++;
    const crumb = readCrumb();
    // a failing error report is not itself reported: that would loop
    post(ERRORS_URL, JSON.stringify(batch), JSON_TYPE, crumb ? { 'X-CSRF-Token': crumb } : undefined).catch(() => {});
  };

  return {
    report(error, event = 'error') {
      // once 20 sends have left, nothing more is queued: the page is done reporting
      if (sends >= ERROR_REPORTER.maxSendsPerPage || queue.length >= ERROR_REPORTER.maxQueued) return;
      queue.push(toClientError(error, event));
      clearTimeout(timer);
      timer = setTimeout(send, ERROR_REPORTER.debounceMs);
    },
  };
}

let pageReporter: ErrorReporter | undefined;

/** The page's reporter, listening to uncaught errors and unhandled rejections; made once. */
export function installErrorReporter(): ErrorReporter {
  if (!pageReporter) {
    const reporter = (pageReporter = createErrorReporter());
    addEventListener('error', (event) => reporter.report(event));
    addEventListener('unhandledrejection', (event) => reporter.report(event.reason, 'unhandledrejection'));
  }
  return pageReporter;
}
