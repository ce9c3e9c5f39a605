// The forms page's call (docs/owner-api.md "Form submissions"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

/** One form of `GET /api/owner/forms`. */
export interface FormSummary {
  formId: string;
  name: string;
  newsletter: boolean;
  /** The form left the site; its submissions stay until deleted. */
  removed: boolean;
  submissionCount: number;
  lastSubmittedOn: number | null;
  link: string;
}

export const formsCalls = (api: Api) => ({
  list: () => api<{ forms: FormSummary[] }>('GET', '/api/owner/forms'),
  /** A new form, or a copy of `from` (docs/owner-api.md "Form builder"). */
  create: (name: string, from: string) => api<{ formKey: string }>('POST', '/api/owner/forms', from ? { name, from } : { name }),
});
