// One form's calls (docs/owner-api.md "Form submissions"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

export interface Column {
  id: string;
  type: string;
  title: string;
}

/** One row of the submissions list: each field's value as text. */
export interface SubmissionSummary {
  id: string;
  submittedOn: number;
  values: Record<string, string>;
  pageTitle: string;
  pagePath: string;
}

export interface SubmissionsAnswer {
  form: { formId: string; name: string; removed: boolean };
  columns: Column[];
  submissions: SubmissionSummary[];
  nextCursor: string | null;
}

/** A field of one submission: its value in the spec's shape and that value as text. */
export interface SubmissionField extends Column {
  value: unknown;
  text: string;
}

export interface Submission {
  id: string;
  formId: string;
  formName: string;
  submittedOn: number;
  fields: SubmissionField[];
  page: { title: string; path: string; url: string | null };
}

export interface FormSettings {
  storeSubmissions: boolean;
  notifyOwner: boolean;
  notifyEmail: string | null;
  addToMailingList: boolean;
}

export interface SettingsAnswer extends FormSettings {
  formId: string;
  name: string;
  newsletter: boolean;
  version: string;
  ownerEmail: string | null;
}

const formPath = (formId: string) => `/api/owner/forms/${encodeURIComponent(formId)}`;

export const formCalls = (api: Api, formId: string) => {
  const base = formPath(formId);
  return {
    /** One page of submissions: `query` holds the filters (and the cursor of a page after the first). */
    list: (query: URLSearchParams) => {
      const q = query.toString();
      return api<SubmissionsAnswer>('GET', `${base}/submissions${q ? `?${q}` : ''}`);
    },
    detail: (id: string) => api<{ submission: Submission }>('GET', `${base}/submissions/${encodeURIComponent(id)}`),
    remove: (id: string) => api<null>('DELETE', `${base}/submissions/${encodeURIComponent(id)}`),
    removeAll: (confirm: string) => api<{ deleted: number }>('DELETE', `${base}/submissions`, { confirm }),
    settings: () => api<SettingsAnswer>('GET', `${base}/settings`),
    saveSettings: (version: string, settings: FormSettings) => api<SettingsAnswer>('PUT', `${base}/settings`, { version, ...settings }),
    /** The filtered submissions as CSV: a plain link, the browser downloads it with the session's cookie. */
    exportUrl: (query: URLSearchParams) => {
      const q = query.toString();
      return `${base}/submissions/export.csv${q ? `?${q}` : ''}`;
    },
  };
};

export type FormCalls = ReturnType<typeof formCalls>;
