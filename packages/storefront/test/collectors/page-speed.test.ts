// @vitest-environment jsdom
// jsdom has no paint timing, so web-vitals is replaced at its module boundary to feed metric
// values; the real library runs in the end-to-end test in Chromium.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectorContext } from '../../src/collectors/context.js';
import { fetchPerformanceSettings, startPageSpeed } from '../../src/collectors/page-speed.js';
import { validTimings } from '../../src/collectors/page-speed-record.js';
import { createRecordQueue } from '../../src/collectors/record-queue.js';
import { type FakeNetwork, type SentRequest, fakeNetwork, goTo, installBeacon, resetPage, setVisibility, useFakeClock } from './browser.js';

const vitals = vi.hoisted(() => ({
  report: {} as Record<string, (metric: { value: number }) => void>,
}));
vi.mock('web-vitals', () => {
  const on = (name: string) => (callback: (metric: { value: number }) => void) => {
    vitals.report[name] = callback;
  };
  return { onCLS: on('CLS'), onFCP: on('FCP'), onLCP: on('LCP'), onINP: on('INP') };
});

const site: CollectorContext = { websiteId: 'w-1', templateId: 't-1', pageType: 50, memberId: 'mem-1', pageSpeedEnabled: true };

let settings: (request: SentRequest) => Response | 'hang' | 'fail';
let network: FakeNetwork;
let reported: Error[];

beforeEach(() => {
  useFakeClock();
  settings = () => Response.json({ pageLoadId: 'pl-1' });
  network = fakeNetwork((request) => (request.url === '/api/1/performance/settings' ? settings(request) : new Response(null, { status: 200 })));
  installBeacon(network);
  reported = [];
});
afterEach(async () => {
  // let every collector a test started run to its end, so none acts in the next test
  setVisibility('hidden');
  await vi.advanceTimersByTimeAsync(120_000);
  delete (document as { readyState?: unknown }).readyState;
  performance.clearMarks();
  resetPage();
});

function start(context: CollectorContext = site): Promise<boolean> {
  return startPageSpeed(context, { reportError: (error) => reported.push(error) });
}

/** The records that reached the server, by beacon or fetch, in order. */
function records(): { app: string; event: string; pageLoadId: string; timestamp: number; data: any }[] {
  const bodies = [
    ...network.beacons.filter((b) => b.url === '/api/1/performance/records').map((b) => b.body),
    ...network.to('/api/1/performance/records').map((r) => r.body),
  ];
  return bodies.flatMap((body) => JSON.parse(body));
}

describe('starting', () => {
  it('does nothing unless the site turns page speed on', async () => {
    await expect(start({ ...site, pageSpeedEnabled: false })).resolves.toBe(false);
    expect(network.requests).toEqual([]);
  });

  it('asks GET /api/1/performance/settings for the pageLoadId', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(network.requests.map((r) => [r.method, r.url])).toEqual([['GET', '/api/1/performance/settings']]);
    await expect(fetchPerformanceSettings()).resolves.toEqual({ pageLoadId: 'pl-1' });
  });

  it('accepts only status 200', async () => {
    settings = () => Response.json({ pageLoadId: 'pl-1' }, { status: 201 });
    await expect(fetchPerformanceSettings()).rejects.toThrow(/^XHR request DONE with unexpected status: 201$/);
  });

  it('times out after 30 seconds with "Metric settings request timeout"', async () => {
    settings = () => 'hang';
    let outcome = 'pending';
    fetchPerformanceSettings().catch((error: Error) => (outcome = error.message));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('Metric settings request timeout');
  });

  it.each([
    ['a 500 answer', () => new Response('oops', { status: 500 }), 'XHR request DONE with unexpected status: 500'],
    ['a timeout', () => 'hang' as const, 'Metric settings request timeout'],
    ['an answer without pageLoadId', () => Response.json({}), undefined],
    ['an empty pageLoadId', () => Response.json({ pageLoadId: '' }), undefined],
  ])('after %s reports "Unable to resolve pageLoadId" and stops', async (_, answer, cause) => {
    settings = answer;
    const started = start();
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(started).resolves.toBe(false);
    expect(reported.map((e) => e.message)).toEqual(['Unable to resolve pageLoadId']);
    expect((reported[0].cause as Error | undefined)?.message).toBe(cause);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(records()).toEqual([]);
  });

  it('sends "Unable to resolve pageLoadId" to the page error reporter by default', async () => {
    settings = () => Response.json({});
    await startPageSpeed(site);
    await vi.advanceTimersByTimeAsync(1000);
    const [request] = network.to('/api/events/RecordJavascriptErrors');
    expect(JSON.parse(request.body)[0]).toMatchObject({ event: 'pageSpeed', data: { message: 'Unable to resolve pageLoadId' } });
  });
});

describe('the page-speed record', () => {
  it('waits 60 seconds on a visible page, then sends the record as a text JSON array by beacon', async () => {
    goTo('https://shop.example/shop/mug#details');
    performance.mark('rum-hero-visible');
    performance.mark('app-ready');
    const started = start();
    vitals.report.CLS({ value: 0.04 });
    vitals.report.CLS({ value: 0.12 });
    vitals.report.FCP({ value: 800 });
    vitals.report.LCP({ value: 1900 });
    vitals.report.INP({ value: 120 });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(network.beacons).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(started).resolves.toBe(true);

    expect(network.beacons).toHaveLength(1);
    expect(network.beacons[0].url).toBe('/api/1/performance/records');
    expect(typeof network.beacons[0].body).toBe('string'); // a string body goes as text/plain
    const [record] = records();
    expect(record).toEqual({ app: 'tessera-storefront', event: 'pageSpeed', pageLoadId: 'pl-1', timestamp: Date.now(), data: expect.any(Object) });
    expect(record.data).toMatchObject({
      context: { websiteId: 'w-1', templateId: 't-1', pageType: 50, memberId: 'mem-1', inFrame: false },
      memberId: 'mem-1',
      version: '4.6.0',
      deliveryType: 'beacon',
      display: { devicePixelRatio, screenWidth: screen.width, screenHeight: screen.height, viewportWidth: innerWidth, viewportHeight: innerHeight },
      hardware: { hardwareConcurrency: navigator.hardwareConcurrency },
      hash: '#details',
      hostname: 'shop.example',
      pathname: '/shop/mug',
      timings: { cumulativeLayoutShift: 0.12, firstContentfulPaint: 800, largestContentfulPaint: 1900, interactionToNextPaint: 120 },
    });
    expect(Object.keys(record.data.userTimings)).toEqual(['rum-hero-visible']);
  });

  it('is sent at once when the page becomes hidden', async () => {
    start();
    vitals.report.LCP({ value: 1500 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(network.beacons).toEqual([]);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(records().map((r) => [r.event, r.data.timings.largestContentfulPaint])).toEqual([['pageSpeed', 1500]]);
  });

  it('is built at once when the page was already hidden when the settings came back', async () => {
    setVisibility('hidden');
    await start();
    expect(records()).toHaveLength(1);
  });

  it('waits for the flush 30 seconds after load when load came late', async () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    start();
    await vi.advanceTimersByTimeAsync(40_000);
    delete (document as { readyState?: unknown }).readyState;
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(29_999); // 69.999 s: the record (built at 60 s) waits
    expect(records()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(records()).toHaveLength(1);
  });

  it('drops timings that are not numbers, negative or above 2147483647', async () => {
    const navigation = {
      entryType: 'navigation',
      decodedBodySize: 20_000,
      encodedBodySize: 5_000,
      domainLookupStart: 10,
      domainLookupEnd: 14,
      connectStart: 14,
      secureConnectionStart: 20,
      connectEnd: 40,
      responseStart: 90,
      domContentLoadedEventStart: 300,
      domContentLoadedEventEnd: 310,
      loadEventStart: 500,
      loadEventEnd: -1,
    };
    const real = performance.getEntriesByType.bind(performance);
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) =>
      type === 'navigation' ? ([navigation] as unknown as PerformanceEntryList) : real(type),
    );
    start();
    vitals.report.CLS({ value: Number.NaN });
    vitals.report.FCP({ value: 2_147_483_647 });
    vitals.report.LCP({ value: 2_147_483_648 });
    vitals.report.INP({ value: -3 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(records()[0].data.timings).toEqual({
      decodedBodySize: 20_000,
      domainLookup: 4,
      domContentLoadedEventStart: 300,
      domContentLoadedEventEnd: 310,
      encodedBodySize: 5_000,
      loadEventStart: 500,
      responseStart: 90,
      tcpConnection: 6,
      tlsNegotiation: 20,
      firstContentfulPaint: 2_147_483_647,
    });
    expect(validTimings({ a: '12', b: null, c: Infinity, d: 0, e: 1.5 })).toEqual({ d: 0, e: 1.5 });
  });

  it('measures first input delay where the browser reports first-input entries', async () => {
    class FirstInputObserver {
      static supportedEntryTypes = ['first-input'];
      constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
      observe() {
        this.callback({ getEntries: () => [{ startTime: 100, processingStart: 130 }] });
      }
    }
    vi.stubGlobal('PerformanceObserver', FirstInputObserver);
    start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(records()[0].data.timings.firstInputDelay).toBe(30);
  });

  it('without a beacon says deliveryType xhr and posts the array as text/plain', async () => {
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    start();
    await vi.advanceTimersByTimeAsync(60_000);
    const [request] = network.to('/api/1/performance/records');
    expect(request.method).toBe('POST');
    expect(request.headers['Content-Type']).toBe('text/plain');
    const body = JSON.parse(request.body);
    expect(Array.isArray(body)).toBe(true);
    expect(body[0].data.deliveryType).toBe('xhr');
  });

  it('falls back to a post when the browser refuses the beacon', async () => {
    installBeacon(network, false);
    start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(network.to('/api/1/performance/records')).toHaveLength(1);
  });

  it('leaves the analytics id out under the restrictive cookie policy', async () => {
    document.cookie = 'SS_ANALYTICS_ID=a-1; path=/';
    start({ ...site, cookieSettings: { restrictive: true } });
    await vi.advanceTimersByTimeAsync(60_000);
    start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(records().map((r) => r.data.analyticsId)).toEqual([undefined, 'a-1']);
  });
});

describe('the record queue', () => {
  it('holds records until opened (30 s after load), then sends them as one array and later ones at once', () => {
    const queue = createRecordQueue();
    queue.add({ event: 'a' }, { event: 'b' });
    expect(network.beacons).toEqual([]);
    queue.open();
    expect(network.beacons.map((b) => b.body)).toEqual(['[{"event":"a"},{"event":"b"}]']);
    queue.add({ event: 'c' });
    expect(network.beacons.map((b) => b.body)).toEqual(['[{"event":"a"},{"event":"b"}]', '[{"event":"c"}]']);
  });

  it('flushes what waits when asked (the page is hidden); an empty queue sends nothing', () => {
    const queue = createRecordQueue();
    queue.flush();
    queue.add({ event: 'a' });
    queue.flush();
    expect(network.beacons).toHaveLength(1);
  });

  it.each([undefined, null, {}, () => 1])('throws "Data is empty" for a record that encodes to nothing (%s)', (record) => {
    const queue = createRecordQueue();
    expect(() => queue.add({ event: 'kept' }, record)).toThrow(/^Data is empty$/);
    queue.open();
    expect(network.beacons.map((b) => b.body)).toEqual(['[{"event":"kept"}]']);
  });
});

describe('image records', () => {
  const rect = (top: number, height = 100) => ({ top, left: 0, width: 200, height, right: 200, bottom: top + height, x: 0, y: top, toJSON() {} }) as DOMRect;

  it('are sent only for images of the own host with exactly one matching element', async () => {
    document.body.innerHTML = `
      <img id="hero" src="/assets/hero.jpg">
      <img id="half" src="/assets/half.jpg">
      <img id="lazy" data-src="/assets/lazy.jpg">
      <img id="loader" src="/assets/loaded.jpg" data-loader="sqs">
      <img src="/assets/twice.jpg"><img src="/assets/twice.jpg">
      <img src="https://cdn.elsewhere.example/x.jpg">`;
    const layout: Record<string, DOMRect> = { hero: rect(0), half: rect(718), lazy: rect(2000), loader: rect(100) };
    vi.spyOn(HTMLImageElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLImageElement) {
      return layout[this.id] ?? rect(0);
    });
    const origin = location.origin;
    const resource = (name: string) => ({
      name,
      entryType: 'resource',
      initiatorType: 'img',
      startTime: 12,
      duration: 48,
      responseStart: -1,
      responseEnd: 60,
      transferSize: 1_000,
      encodedBodySize: 900,
      decodedBodySize: 900,
    });
    const entries = ['hero.jpg', 'half.jpg', 'lazy.jpg', 'loaded.jpg', 'twice.jpg', 'missing.jpg']
      .map((file) => resource(`${origin}/assets/${file}`))
      .concat(resource('https://cdn.elsewhere.example/x.jpg'));
    const real = performance.getEntriesByType.bind(performance);
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) =>
      type === 'resource' ? (entries as unknown as PerformanceEntryList) : real(type),
    );

    start();
    await vi.advanceTimersByTimeAsync(60_000);
    const images = records().filter((r) => r.event === 'image');
    expect(images.every((r) => r.pageLoadId === 'pl-1')).toBe(true);
    expect(images.map((r) => r.data.url)).toEqual([
      `${origin}/assets/hero.jpg`,
      `${origin}/assets/half.jpg`,
      `${origin}/assets/lazy.jpg`,
      `${origin}/assets/loaded.jpg`,
    ]);
    const [hero, half, lazy, loader] = images.map((r) => r.data);
    expect(hero).toMatchObject({ visibleOnLoad: true, intersectionRatio: 1, imageType: 0, displayedWidth: 200, displayedHeight: 100 });
    expect(hero).toHaveProperty('naturalWidth');
    expect(hero.observationTime).toEqual(expect.any(Number));
    expect(hero.timings).toEqual({ startTime: 12, duration: 48, responseEnd: 60, transferSize: 1_000, encodedBodySize: 900, decodedBodySize: 900 });
    expect(half).toMatchObject({ visibleOnLoad: true, intersectionRatio: 0.5 });
    expect(lazy).toMatchObject({ visibleOnLoad: false, intersectionRatio: 0, imageType: 1 });
    expect(loader).toMatchObject({ imageType: 2, imageLoaderType: 'sqs' });
  });

  it('follow the configured image hosts', async () => {
    document.body.innerHTML = '<img src="https://images.shop.example/a.jpg">';
    const real = performance.getEntriesByType.bind(performance);
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) =>
      type === 'resource' ? ([{ name: 'https://images.shop.example/a.jpg', duration: 5 }] as unknown as PerformanceEntryList) : real(type),
    );
    start({ ...site, imageHosts: ['https://images.shop.example/'] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(records().filter((r) => r.event === 'image')).toHaveLength(1);
  });
});
