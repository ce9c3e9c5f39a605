// Form summaries: one submitted field as the order and form-notification summaries show it.

import { escapeHtmlText } from '@tessera/core/html';
import { EMPTY_FORM_ANSWER, LIKERT_LABELS, likertLabel } from '@tessera/core';
import { field, record, text } from './html.js';
import { isTruthy } from '../runtime/values.js';
import { localized } from './product.js';
import type { Formatter, FormatterTable } from './types.js';

const BOLD = 'font-weight:bold;';
const INDENT = 'padding-left:5px;';
const pad2 = (v: unknown) => text(v).padStart(2, '0');

type Values = Readonly<Record<string, unknown>>;
const v = (values: Values, key: string) => escapeHtmlText(text(values[key]));

// The answer of each field type, as HTML; undefined when the field has no answer.
const ANSWERS: Readonly<Record<string, (values: Values, field: unknown) => string | undefined>> = {
  // The second address line only when there is one; an address without values still writes its markup.
  address: (x) =>
    `<div style="${INDENT}">\n  <div>${v(x, 'Line1')}</div>${isTruthy(x.Line2) ? `\n  <div>${v(x, 'Line2')}</div>` : ''}\n` +
    `  <div>${v(x, 'City')}, ${v(x, 'State')} ${v(x, 'Zip')} ${v(x, 'Country')}</div>\n</div>`,
  date: (x) => `${v(x, 'Month')}/${v(x, 'Day')}/${v(x, 'Year')}`,
  name: (x) => `${v(x, 'First')} ${v(x, 'Last')}`,
  phone: (x) => `${text(x.Country) !== '' ? `+${v(x, 'Country')} ` : ''}${v(x, 'Areacode')}-${v(x, 'Prefix')}-${v(x, 'Line')}`,
  time: (x) => `${v(x, 'Hour') || '00'}:${escapeHtmlText(pad2(x.Minute))}:${escapeHtmlText(pad2(x.Second))} ${v(x, 'Ampm')}`,
  likert: (x) =>
    `<div style="${INDENT}">\n` +
    Object.entries(x)
      .map(
        ([question, answer]) =>
          `  <div><span style="${BOLD}">${escapeHtmlText(question)}:</span> ${escapeHtmlText(likertLabel(answer) ?? LIKERT_LABELS['0'])}</div>\n`,
      )
      .join('') +
    `</div>`,
  checkbox: (_x, f) => {
    const values = field(f, 'values');
    // A list of choices is followed by an empty line in the summary.
    if (Array.isArray(values) && values.length > 0) return `${values.map((c) => escapeHtmlText(text(c))).join(', ')}\n`;
    return plain(f);
  },
};

function plain(f: unknown): string | undefined {
  const value = text(field(f, 'value'));
  return value === '' ? undefined : escapeHtmlText(value);
}

const summaryFormField: Formatter = (f, _args, ctx) => {
  const type = text(field(f, 'type'));
  const answer =
    Object.hasOwn(ANSWERS, type) && type !== 'checkbox' && type !== 'address' && field(f, 'values') === undefined
      ? undefined
      : Object.hasOwn(ANSWERS, type)
        ? ANSWERS[type](record(field(f, 'values')), f)
        : plain(f);
  const shown = answer ?? escapeHtmlText(localized(ctx, 'formEmptyAnswerText', EMPTY_FORM_ANSWER));
  return `<div style="font-size:11px; margin-top:3px">\n  <span style="${BOLD}">${escapeHtmlText(text(field(f, 'rawTitle')))}:</span> ${shown}\n</div>`;
};

export const formFormatters: FormatterTable = {
  'summary-form-field': summaryFormField,
};
