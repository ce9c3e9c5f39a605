// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ClientError, createErrorReporter, installErrorReporter } from '../../src/collectors/errors.js';
import { type FakeNetwork, fakeNetwork, resetPage, useFakeClock } from './browser.js';

let network: FakeNetwork;
beforeEach(() => {
  useFakeClock();
  network = fakeNetwork();
});
afterEach(resetPage);

const sent = (): ClientError[][] => network.to('/api/events/RecordJavascriptErrors').map((r) => JSON.parse(r.body));

describe('client error reporter', () => {
  it('posts a JSON list of {event, data, timestamp} with the crumb as X-CSRF-Token', async () => {
    vi.setSystemTime(1_700_000_000_000);
    document.cookie = 'crumb=tok-1; path=/';
    const reporter = createErrorReporter();
    reporter.report(new TypeError('x is not a function'));
    await vi.advanceTimersByTimeAsync(1000);
    const [request] = network.to('/api/events/RecordJavascriptErrors');
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual({ 'Content-Type': 'application/json', 'X-CSRF-Token': 'tok-1' });
    const [[error]] = sent();
    expect(error).toEqual({
      event: 'error',
      data: { message: 'x is not a function', name: 'TypeError', stack: expect.stringContaining('TypeError'), url: location.href },
      timestamp: 1_700_000_000_000,
    });
  });

  it('debounces sends by 1 second: errors in quick succession leave together', async () => {
    const reporter = createErrorReporter();
    reporter.report(new Error('one'));
    await vi.advanceTimersByTimeAsync(999);
    reporter.report(new Error('two'));
    await vi.advanceTimersByTimeAsync(999);
    expect(sent()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent().map((batch) => batch.map((e) => e.data.message))).toEqual([['one', 'two']]);
  });

  it('queues at most 10 errors: the 11th is dropped', async () => {
    const reporter = createErrorReporter();
    for (let i = 1; i <= 11; i++) reporter.report(new Error(`e${i}`));
    await vi.advanceTimersByTimeAsync(1000);
    const [batch] = sent();
    expect(batch).toHaveLength(10);
    expect(batch.at(-1)!.data.message).toBe('e10');
  });

  it('sends at most 20 times per page: the 21st send is dropped', async () => {
    const reporter = createErrorReporter();
    for (let i = 1; i <= 21; i++) {
      reporter.report(new Error(`e${i}`));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(sent()).toHaveLength(20);
    expect(sent().at(-1)![0].data.message).toBe('e20');
  });

  it('cuts stacks to 5000 characters', async () => {
    const error = new Error('deep');
    error.stack = `Error: deep\n${'    at frame (app.js:1:1)\n'.repeat(400)}`;
    expect(error.stack.length).toBeGreaterThan(5000);
    createErrorReporter().report(error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent()[0][0].data.stack).toBe(error.stack.slice(0, 5000));
  });

  it("cuts a message and a cause to 5000 characters and the page's address to 2048, so that the server takes the batch", async () => {
    history.replaceState(null, '', `/shop?q=${'a'.repeat(3000)}`);
    const long = new Error('m'.repeat(6000), { cause: new Error('c'.repeat(7000)) });
    createErrorReporter().report(long);
    await vi.advanceTimersByTimeAsync(1000);
    const { data } = sent()[0][0];
    expect(data.message).toBe('m'.repeat(5000));
    expect(data.cause).toBe('c'.repeat(5000));
    expect(data.url).toBe(location.href.slice(0, 2048));
    expect(location.href.length).toBeGreaterThan(2048);
  });

  it('reports values that are not errors as text, and the cause of a collector error', async () => {
    const reporter = createErrorReporter();
    reporter.report('plain text', 'custom');
    reporter.report(new Error('Unable to resolve pageLoadId', { cause: new Error('Metric settings request timeout') }), 'pageSpeed');
    await vi.advanceTimersByTimeAsync(1000);
    const [batch] = sent();
    expect(batch[0]).toMatchObject({ event: 'custom', data: { message: 'plain text' } });
    expect(batch[1]).toMatchObject({
      event: 'pageSpeed',
      data: { message: 'Unable to resolve pageLoadId', cause: 'Metric settings request timeout' },
    });
  });

  it('a failing report is not reported again', async () => {
    network = fakeNetwork(() => 'fail');
    createErrorReporter().report(new Error('boom'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(network.requests).toHaveLength(1);
  });

  it('catches uncaught errors and unhandled rejections of the page', async () => {
    installErrorReporter();
    expect(installErrorReporter()).toBe(installErrorReporter());
    const error = new RangeError('bad index');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message, filename: 'https://shop.example/a.js', lineno: 3, colno: 7 }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') }));
    await vi.advanceTimersByTimeAsync(1000);
    const [batch] = sent();
    expect(batch).toHaveLength(2);
    expect(batch[0]).toMatchObject({
      event: 'error',
      data: { message: 'bad index', name: 'RangeError', filename: 'https://shop.example/a.js', lineno: 3, colno: 7 },
    });
    expect(batch[1]).toMatchObject({ event: 'unhandledrejection', data: { message: 'rejected' } });
  });
});
