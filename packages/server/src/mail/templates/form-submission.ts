import { htmlLayout, textFooter, type MailSite } from '../layout.js';
import { escapeHtml } from '@tessera/core/html';
import type { MailContent } from '../message.js';

/** The owner's notification of a form submission. */
export interface FormSubmissionMailInput {
  readonly formName: string;
  /** The submitted answers, in the form's field order, as text (see modules/forms/values-text.ts). */
  readonly answers: readonly { readonly title: string; readonly text: string }[];
  readonly pageTitle: string;
  /** Where the visitor submitted the form, absolute; empty when unknown. */
  readonly pageUrl: string;
  /** Epoch milliseconds. */
  readonly submittedOn: number;
  readonly timeZone: string;
}

function when(ms: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
}

export function formSubmissionMail(input: FormSubmissionMailInput, site: MailSite): MailContent {
  const at = when(input.submittedOn, input.timeZone);
  const page = input.pageTitle || input.pageUrl;
  const answersText = input.answers.map((a) => (a.text.includes('\n') ? `${a.title}:\n${a.text.replace(/^/gm, '  ')}` : `${a.title}: ${a.text}`)).join('\n');
  const from = page ? `\nSubmitted ${at} from ${page}${input.pageUrl && input.pageTitle ? ` (${input.pageUrl})` : ''}.` : `\nSubmitted ${at}.`;
  const text = `New submission of the form "${input.formName}" on ${site.siteTitle}.\n\n${answersText}\n${from}${textFooter()}`;

  const rows = input.answers
    .map(
      (a) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;white-space:nowrap">${escapeHtml(a.title)}</th>` +
        `<td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(a.text)}</td></tr>`,
    )
    .join('');
  const pageHtml = input.pageUrl ? ` from <a href="${escapeHtml(input.pageUrl)}">${escapeHtml(page)}</a>` : page ? ` from ${escapeHtml(page)}` : '';
  const bodyHtml =
    `<h1 style="font-size:20px;margin:0 0 16px">New submission: ${escapeHtml(input.formName)}</h1>` +
    `<table role="presentation" style="border-collapse:collapse">${rows}</table>` +
    `<p style="margin:16px 0 0;color:#666;font-size:14px">Submitted ${escapeHtml(at)}${pageHtml}.</p>`;
  return {
    subject: `New submission: ${input.formName} (${site.siteTitle})`,
    text,
    html: htmlLayout({ site, bodyHtml }),
  };
}
