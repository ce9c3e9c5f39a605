// An event set in another zone than the site's (in the editor) shows its day and times in its own
// zone, from what the server wrote into item.when; its calendar link stays in UTC.
import { compile } from '@tessera/template';
import { describe, expect, it } from 'vitest';
import { NOW, pageFor } from './page-context.js';
import { readTheme } from './theme-files.js';

const { source, partials } = await readTheme('default');
const EVENT = compile(source('collections/events.item'));

describe('an event page', () => {
  const page = pageFor('/events/holiday-makers-market').context;
  const start = Date.parse('2030-04-01T17:00:00Z');
  const item = { ...page.item, startDate: start, endDate: start + 2 * 3_600_000 };

  it('shows the times in the site’s zone when the event has none of its own', () => {
    const out = EVENT.render({ ...page, item }, { partials, now: NOW, locale: 'en-US', timeZone: 'America/New_York' });
    expect(out.errors).toEqual([]);
    expect(out.output).toContain('1:00');
  });

  it('shows the day and times the server wrote in the event’s zone, and the calendar link in UTC', () => {
    const when = { timeZone: 'America/Los_Angeles', date: 'Monday, April 1, 2030', range: '10:00 AM – 12:00 PM PDT' };
    const out = EVENT.render({ ...page, item: { ...item, when } }, { partials, now: NOW, locale: 'en-US', timeZone: 'America/New_York' });
    expect(out.errors).toEqual([]);
    expect(out.output).toContain('>Monday, April 1, 2030</time>');
    expect(out.output).toContain('<span class="event-when__range">10:00 AM – 12:00 PM PDT</span>');
    expect(out.output).toContain('dates=20300401T170000Z/20300401T190000Z');
  });
});
