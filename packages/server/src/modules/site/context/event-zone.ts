/**
 * An event held in another time zone than the site's: the engine writes every date of a page in the
 * site's zone, so an event's own day and times are written here, in its zone, for the theme to show
 * (`item.when`), with the zone's short name so that a visitor elsewhere reads them right.
 */
export interface EventWhen {
  readonly timeZone: string;
  readonly date: string;
  readonly range: string;
}

export function eventWhen(locale: string, zone: string, start: number, end: number | null): EventWhen | undefined {
  try {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: zone }).format(start);
    const sameDay =
      end !== null && new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(start) === new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(end);
    const options: Intl.DateTimeFormatOptions = sameDay
      ? { hour: 'numeric', minute: 'numeric', timeZoneName: 'short', timeZone: zone }
      : { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: 'numeric', timeZoneName: 'short', timeZone: zone };
    const format = new Intl.DateTimeFormat(locale, options);
    const range = end === null ? format.format(start) : format.formatRange(start, end);
    return { timeZone: zone, date, range };
  } catch {
    // A zone Intl does not know (written by hand in a site directory): the site's zone is used.
    return undefined;
  }
}
