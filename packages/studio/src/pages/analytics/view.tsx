import { type FormEvent, useEffect, useState } from 'react';
import { BarChart } from './charts/bar-chart.js';
import { LineChart } from './charts/line-chart.js';
import { VitalsSummary, VitalsTable } from './charts/vitals.js';
import { addDays, formatCount, formatDay, formatTime } from '../../format.js';
import type { AnalyticsContext, AnalyticsReport, FunnelStep } from './types.js';
import { ErrorBox } from '../../ui/error-box.js';

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; report: AnalyticsReport }
  | { status: 'error'; message: string; fields?: Record<string, string> };

export interface AnalyticsViewProps {
  context: AnalyticsContext;
  range: { from: string; to: string };
  state: LoadState;
  onRange(from: string, to: string): void;
  onRetry(): void;
}

const PRESETS = [7, 30, 90];
const FUNNEL_LABELS: Record<FunnelStep, string> = {
  productViews: 'Product views',
  addsToCart: 'Adds to cart',
  checkouts: 'Checkouts',
  orders: 'Orders',
};
const DEVICE_LABELS: Record<string, string> = { desktop: 'Desktop', phone: 'Phone', tablet: 'Tablet' };

/** The owner's analytics, inside the studio's frame: props only (page.tsx holds the state and calls the API). */
export function AnalyticsView({ context, range, state, onRange, onRetry }: AnalyticsViewProps) {
  const language = context.language;
  const count = (n: number) => formatCount(language, n);
  const report = state.status === 'ready' ? state.report : null;
  return (
    <>
      <RangeForm context={context} range={range} onRange={onRange} fieldErrors={state.status === 'error' ? state.fields : undefined} />
      <div className="status" role="status" aria-live="polite">
        {state.status === 'loading'
          ? 'Loading…'
          : report
            ? `Showing ${formatDay(language, report.range.from, true)} to ${formatDay(language, report.range.to, true)} (${report.range.timeZone})`
            : ''}
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onRetry} />}
      {report && (
        <>
          <section aria-labelledby="traffic-heading">
            <h2 id="traffic-heading">Visits and page views</h2>
            <ul className="totals">
              <li className="card">
                <h3>Visits</h3>
                <p className="card-value">{count(report.totals.visits)}</p>
              </li>
              <li className="card">
                <h3>Page views</h3>
                <p className="card-value">{count(report.totals.pageViews)}</p>
              </li>
            </ul>
            <p className="section-note">
              {count(report.totals.botHits)} {report.totals.botHits === 1 ? 'hit' : 'hits'} left out as bots
            </p>
            <LineChart
              id="traffic"
              title="Visits and page views per day"
              description={`${count(report.totals.visits)} visits and ${count(report.totals.pageViews)} page views over ${report.series.length} days.`}
              labels={report.series.map((d) => formatDay(language, d.day))}
              longLabels={report.series.map((d) => formatDay(language, d.day, true))}
              series={[
                { name: 'Visits', className: 'series-visits', values: report.series.map((d) => d.visits) },
                { name: 'Page views', className: 'series-views', values: report.series.map((d) => d.pageViews) },
              ]}
              format={count}
            />
          </section>
          <div className="grid-3">
            <section aria-labelledby="pages-heading">
              <h2 id="pages-heading">Top pages</h2>
              <BarChart
                id="pages"
                title="Top pages by page views"
                description="The pages viewed most in the range."
                labelHeader="Page"
                valueHeader="Page views"
                bars={report.topPages.map((p) => ({ label: p.path, value: p.pageViews }))}
                format={count}
                empty="No page views in this range."
              />
            </section>
            <section aria-labelledby="referrers-heading">
              <h2 id="referrers-heading">Referrers</h2>
              <BarChart
                id="referrers"
                title="Page views arriving from other sites"
                description="Sites whose links brought visitors here."
                labelHeader="Site"
                valueHeader="Page views"
                bars={report.referrers.map((r) => ({ label: r.host, value: r.pageViews }))}
                format={count}
                empty="No visits from other sites in this range."
              />
            </section>
            <section aria-labelledby="devices-heading">
              <h2 id="devices-heading">Devices</h2>
              <BarChart
                id="devices"
                title="Page views by device"
                description="Desktop, phone and tablet page views."
                labelHeader="Device"
                valueHeader="Page views"
                bars={report.devices.map((d) => ({
                  label: DEVICE_LABELS[d.device] ?? d.device,
                  value: d.pageViews,
                  note: share(d.pageViews, report.totals.pageViews),
                }))}
                format={count}
                empty="No page views in this range."
              />
            </section>
          </div>
          <section aria-labelledby="funnel-heading">
            <h2 id="funnel-heading">Commerce funnel</h2>
            <BarChart
              id="funnel"
              title="From product views to orders"
              description="Each step with its share of the step before."
              labelHeader="Step"
              valueHeader="Count"
              format={count}
              empty="No store activity in this range."
              bars={funnelBars(report.funnel)}
            />
          </section>
          <section aria-labelledby="speed-heading">
            <h2 id="speed-heading">Page speed</h2>
            <p className="section-note">The 75th percentile of real page loads: good when three loads in four are at least this fast.</p>
            <VitalsSummary pageSpeed={report.pageSpeed} language={language} />
            <VitalsTable pageSpeed={report.pageSpeed} language={language} />
          </section>
          <section aria-labelledby="errors-heading">
            <h2 id="errors-heading">Client errors</h2>
            <ErrorsTable errors={report.errors} language={language} timeZone={context.timeZone} />
          </section>
          <section aria-labelledby="events-heading" className="grid-2">
            <div>
              <h2 id="events-heading">Recorded events</h2>
              <SimpleTable
                caption="Events by kind"
                empty="No events in this range."
                headers={['Event', 'Kind', 'Count']}
                rows={report.events.map((e) => [e.name, e.kind, count(e.count)])}
              />
            </div>
            <div>
              <h2>Refused payloads</h2>
              <SimpleTable
                caption="Payloads refused as invalid, by endpoint and reason"
                empty="None in this range."
                headers={['Endpoint', 'Reason', 'Count']}
                rows={report.rejected.map((r) => [r.endpoint, r.reason, count(r.count)])}
              />
            </div>
          </section>
        </>
      )}
    </>
  );
}

function share(n: number, total: number): string | undefined {
  return total > 0 ? `${Math.round((n / total) * 100)}%` : undefined;
}

function funnelBars(funnel: Record<FunnelStep, number>) {
  const steps = Object.keys(FUNNEL_LABELS) as FunnelStep[];
  if (steps.every((s) => funnel[s] === 0)) return [];
  return steps.map((step, i) => {
    const previous = i > 0 ? funnel[steps[i - 1]!] : 0;
    const note = i > 0 && previous > 0 ? `${Math.round((funnel[step] / previous) * 100)}% of ${FUNNEL_LABELS[steps[i - 1]!].toLowerCase()}` : undefined;
    return { label: FUNNEL_LABELS[step], value: funnel[step], note };
  });
}

function RangeForm({
  context,
  range,
  onRange,
  fieldErrors,
}: {
  context: AnalyticsContext;
  range: { from: string; to: string };
  onRange(from: string, to: string): void;
  fieldErrors?: Record<string, string>;
}) {
  const today = context.today ?? range.to;
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  useEffect(() => {
    setFrom(range.from);
    setTo(range.to);
  }, [range.from, range.to]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRange(from, to);
  };
  const presetDays = range.to === today ? Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1 : 0;
  return (
    <form className="range" onSubmit={submit} aria-label="Date range">
      <div className="presets" role="group" aria-label="Last days">
        {PRESETS.map((days) => (
          <button key={days} type="button" aria-pressed={presetDays === days} onClick={() => onRange(addDays(today, -(days - 1)), today)}>
            {days} days
          </button>
        ))}
      </div>
      <div className="range-fields">
        <label>
          From
          <input
            type="date"
            name="from"
            value={from}
            max={to}
            required
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={!!fieldErrors?.from}
            aria-describedby={fieldErrors?.from ? 'from-error' : undefined}
          />
        </label>
        <label>
          To
          <input
            type="date"
            name="to"
            value={to}
            min={from}
            max={today}
            required
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={!!fieldErrors?.to}
            aria-describedby={fieldErrors?.to ? 'to-error' : undefined}
          />
        </label>
        <button type="submit">Show</button>
      </div>
      {fieldErrors?.from && (
        <p id="from-error" className="field-error">
          {fieldErrors.from}
        </p>
      )}
      {fieldErrors?.to && (
        <p id="to-error" className="field-error">
          {fieldErrors.to}
        </p>
      )}
    </form>
  );
}

function ErrorsTable({ errors, language, timeZone }: { errors: AnalyticsReport['errors']; language: string; timeZone?: string }) {
  if (errors.length === 0) return <p className="empty">No client errors in this range.</p>;
  return (
    <div className="table-scroll" role="region" aria-label="Client errors" tabIndex={0}>
      <table className="errors-table">
        <caption>Latest client errors, grouped by message</caption>
        <thead>
          <tr>
            <th scope="col">Message</th>
            <th scope="col">Count</th>
            <th scope="col">Last seen</th>
            <th scope="col">Page</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e) => (
            <tr key={e.message}>
              <th scope="row">
                {e.stack ? (
                  <details>
                    <summary>
                      {e.name ? `${e.name}: ` : ''}
                      {e.message}
                    </summary>
                    <pre>{e.stack}</pre>
                  </details>
                ) : (
                  <>
                    {e.name ? `${e.name}: ` : ''}
                    {e.message}
                  </>
                )}
              </th>
              <td>{formatCount(language, e.count)}</td>
              <td>{formatTime(language, e.lastSeen, timeZone)}</td>
              <td>{e.url ? <code>{pathOf(e.url)}</code> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function SimpleTable({ caption, headers, rows, empty }: { caption: string; headers: string[]; rows: string[][]; empty: string }) {
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.join('\0')}>
              {r.map((c, i) =>
                i === 0 ? (
                  <th scope="row" key={headers[i]}>
                    {c}
                  </th>
                ) : (
                  <td key={headers[i]}>{c}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
