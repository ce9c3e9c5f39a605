// The site forms' and the mailing list's calls (docs/forms.md) on the one API client of
// @tessera/core. Each resolves with the data or an ApiError (the crumb sent on every POST).
import { type ApiOptions, createApi } from '@tessera/core/api-client';

export interface SubmissionPayload {
  readonly key: string;
  readonly formId: string;
  readonly form: Readonly<Record<string, unknown>>;
  readonly captchaKey?: string;
  /** Sent by a form with a disclaimer once the visitor ticked "I agree": the server refuses the submission without it. */
  readonly disclaimerAccepted?: boolean;
  readonly pageTitle: string;
  readonly pageId: string;
  readonly contentSource: 'i' | 'c';
  readonly pagePath: string;
  readonly pagePermissionTypeValue?: string;
}

export function createFormsApi(options: ApiOptions = {}) {
  const api = createApi(options);
  return {
    /** `POST /api/form/FormSubmissionKey` (empty body): `data.key`. */
    submissionKey: () => api<{ data?: { key?: string } }>('POST', '/api/form/FormSubmissionKey'),
    /** `POST /api/form/SaveFormSubmission`. */
    saveSubmission: (payload: SubmissionPayload) => api<{ data?: { success?: boolean } }>('POST', '/api/form/SaveFormSubmission', payload),
    /** `POST /api/newsletter/unsubscribe` with the token of the mailing's link. */
    unsubscribe: (token: string) => api<{ data?: { email?: string; status?: string } }>('POST', '/api/newsletter/unsubscribe', { token }),
  };
}

export type FormsApi = ReturnType<typeof createFormsApi>;
