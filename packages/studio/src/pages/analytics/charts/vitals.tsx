import { RATING_LABEL, VITAL_LABEL, formatVital } from '../vital-format.js';
import type { AnalyticsReport, VitalSummary, WebVitalName, WebVitalRating } from '../types.js';

const VITALS: WebVitalName[] = ['LCP', 'INP', 'CLS'];

/** A rating told by its word and a shape, not by colour alone. */
function RatingBadge({ rating }: { rating: WebVitalRating }) {
  const shape = rating === 'good' ? '●' : rating === 'poor' ? '▲' : '■';
  return (
    <span className={`rating rating-${rating}`}>
      <span aria-hidden="true">{shape}</span> {RATING_LABEL[rating]}
    </span>
  );
}

/**
 * The thresholds as three bands (good, needs improvement, poor) with the 75th percentile marked;
 * the scale runs to one and a half times the poor threshold (the marker stops at the end).
 */
function ThresholdBar(props: { metric: WebVitalName; summary: VitalSummary; thresholds: readonly [number, number]; language: string }) {
  const [good, poor] = props.thresholds;
  const end = poor * 1.5;
  const w = 240;
  const at = (v: number) => (Math.min(v, end) / end) * w;
  const value = formatVital(props.language, props.metric, props.summary.p75);
  const label =
    `${props.metric} at the 75th percentile: ${value}, ${RATING_LABEL[props.summary.rating].toLowerCase()}. ` +
    `Good up to ${formatVital(props.language, props.metric, good)}, poor above ${formatVital(props.language, props.metric, poor)}.`;
  return (
    <svg className="threshold-bar" viewBox={`0 0 ${w} 22`} role="img" aria-label={label}>
      <rect className="band-good" x={0} y={6} width={at(good)} height={10} />
      <rect className="band-needs-improvement" x={at(good)} y={6} width={at(poor) - at(good)} height={10} />
      <rect className="band-poor" x={at(poor)} y={6} width={w - at(poor)} height={10} />
      <line className="marker" x1={at(props.summary.p75)} x2={at(props.summary.p75)} y1={4} y2={20} />
    </svg>
  );
}

/** The site's three web vitals at the 75th percentile, each against its thresholds. */
export function VitalsSummary({ pageSpeed, language }: { pageSpeed: AnalyticsReport['pageSpeed']; language: string }) {
  return (
    <ul className="vitals-summary">
      {VITALS.map((metric) => {
        const summary = pageSpeed.site[metric];
        return (
          <li key={metric} className="card">
            <h3>
              <abbr title={VITAL_LABEL[metric]}>{metric}</abbr>
              <span className="visually-hidden"> ({VITAL_LABEL[metric]})</span>
            </h3>
            {summary ? (
              <>
                <p className="card-value">{formatVital(language, metric, summary.p75)}</p>
                <RatingBadge rating={summary.rating} />
                <ThresholdBar metric={metric} summary={summary} thresholds={pageSpeed.thresholds[metric]} language={language} />
                <p className="card-note">75th percentile of {summary.count} page loads</p>
              </>
            ) : (
              <p className="empty">No measurements yet</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Per page: LCP, INP and CLS at the 75th percentile with their ratings. */
export function VitalsTable({ pageSpeed, language }: { pageSpeed: AnalyticsReport['pageSpeed']; language: string }) {
  if (pageSpeed.pages.length === 0) return <p className="empty">No page-speed records in this range.</p>;
  return (
    <div className="table-scroll" role="region" aria-label="Page speed by page" tabIndex={0}>
      <table className="vitals-table">
        <caption>Page speed by page (75th percentile)</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Page loads</th>
            {VITALS.map((m) => (
              <th scope="col" key={m}>
                <abbr title={VITAL_LABEL[m]}>{m}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pageSpeed.pages.map((page) => (
            <tr key={page.path}>
              <th scope="row">
                <code>{page.path}</code>
              </th>
              <td>{page.records}</td>
              {VITALS.map((m) => {
                const s = page[m];
                return (
                  <td key={m}>
                    {s ? (
                      <>
                        <span className="vital-value">{formatVital(language, m, s.p75)}</span> <RatingBadge rating={s.rating} />
                      </>
                    ) : (
                      <span className="empty">—</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
