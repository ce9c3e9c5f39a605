import { describe, expect, it } from 'vitest';
import { COLLECTOR_ENTRIES, measureEntry } from './bundle-size.js';

// The budget: page views and errors in at most 4 KB gzipped; web-vitals loads
// separately, only with the page-speed entry.
describe('collector bundle sizes', () => {
  it('the page-view and error collector stays within 4 KB gzipped; the others are measured', async () => {
    const sizes = [];
    for (const entry of COLLECTOR_ENTRIES) sizes.push(await measureEntry(entry));
    console.log(sizes.map((s) => `${s.entry}: ${s.bytes} B minified, ${s.gzipBytes} B gzipped`).join('\n'));
    const analytics = sizes.find((s) => s.entry === 'analytics')!;
    expect(analytics.gzipBytes).toBeGreaterThan(1000); // the build really holds the collector
    expect(analytics.gzipBytes).toBeLessThanOrEqual(4096);
  }, 120_000);
});
