// One submission, every field in its value shape (the spec's: lists for name, address, date, time and
// phone, the checked options of a checkbox, a map of question to answers for likert), drawn from props.
import { formatTime } from '../../format.js';
import type { Submission, SubmissionField } from './calls.js';
import type { FormContext } from './page.js';

/** The likert scale's answers (`-2` to `2`), as the form shows them. */
const LIKERT: Record<string, string> = { '-2': 'Strongly Disagree', '-1': 'Disagree', '0': 'Neutral', '1': 'Agree', '2': 'Strongly Agree' };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];

function FieldValue({ field }: { field: SubmissionField }) {
  const { type, value, text } = field;
  if (text.trim() === '') return <span className="muted">Not answered</span>;
  if (type === 'address') {
    return (
      <address className="submission-address">
        {strings(value).map((line, i) => (
          // The parts have no ids of their own; their place is what they are.
          // biome-ignore lint/suspicious/noArrayIndexKey: the address's parts are in a fixed order
          <span key={i}>{line}</span>
        ))}
      </address>
    );
  }
  if (type === 'checkbox') {
    return (
      <ul className="submission-list">
        {strings(value).map((option) => (
          <li key={option}>{option}</li>
        ))}
      </ul>
    );
  }
  if (type === 'likert' && value && typeof value === 'object' && !Array.isArray(value)) {
    return (
      <dl className="submission-likert">
        {Object.entries(value as Record<string, unknown>).map(([question, answers]) => (
          <div key={question}>
            <dt>{question}</dt>
            <dd>{(Array.isArray(answers) ? answers : []).map((a) => LIKERT[String(a)] ?? String(a)).join(', ')}</dd>
          </div>
        ))}
      </dl>
    );
  }
  if (type === 'email' && typeof value === 'string') return <a href={`mailto:${value}`}>{value}</a>;
  return <span className="submission-text">{text}</span>;
}

export function SubmissionDetail({ context, submission }: { context: FormContext; submission: Submission }) {
  const { page } = submission;
  return (
    <>
      <p className="card-note">
        Sent {formatTime(context.language, submission.submittedOn, context.timeZone)}
        {(page.title || page.path) && (
          <>
            {' from '}
            {page.url ? (
              <a href={page.url} target="_blank" rel="noreferrer">
                {page.title || page.path}
              </a>
            ) : (
              page.title || page.path
            )}
          </>
        )}
      </p>
      <dl className="submission-fields">
        {submission.fields.map((f) => (
          <div key={f.id} className="submission-field" data-field-type={f.type}>
            <dt>{f.title}</dt>
            <dd>
              <FieldValue field={f} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
