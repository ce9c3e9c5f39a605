// The forms islands' API client: one factory, typed by what it returns (STYLE.md "A typed API
// client made by one factory"). Every call is same-origin, sends the CSRF crumb on POST, and
// resolves with the status and the parsed body; only a network failure rejects.

export interface ApiAnswer<T = unknown> {
  readonly status: number;
  /** The parsed JSON body, or null when there was none or it did not parse. */
  readonly body: T | null;
}

/** The error shape of every Tessera API answer (docs/errors.md). */
export interface ErrorBody {
  readonly error?: string;
  readonly code?: string;
  readonly errors?: Readonly<Record<string, string>>;
  readonly crumbFail?: boolean;
}

export interface SubmissionPayload {
  readonly key: string;
  readonly formId: string;
  readonly form: Readonly<Record<string, unknown>>;
  readonly captchaKey?: string;
  readonly pageTitle: string;
  readonly pageId: string;
  readonly contentSource: 'i' | 'c';
  readonly pagePath: string;
  readonly pagePermissionTypeValue?: string;
}

export interface ApiOptions {
  /** The CSRF crumb (window.Tessera.crumb). */
  readonly crumb: () => string | null;
  readonly fetch?: typeof fetch;
}

export function createFormsApi({ crumb, fetch: fetchImpl = (...args) => fetch(...args) }: ApiOptions) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = method === 'POST' ? crumb() : null;
    if (token) headers['X-CSRF-Token'] = token;
    const res = await fetchImpl(path, { method, credentials: 'same-origin', headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    let parsed: T | null = null;
    try {
      parsed = (await res.json()) as T;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  }

  return {
    /** `POST /api/form/FormSubmissionKey` (empty body): `data.key`. */
    submissionKey: () => call<{ data?: { key?: string } } & ErrorBody>('POST', '/api/form/FormSubmissionKey'),
    /** `POST /api/form/SaveFormSubmission`. */
    saveSubmission: (payload: SubmissionPayload) => call<{ data?: { success?: boolean } } & ErrorBody>('POST', '/api/form/SaveFormSubmission', payload),
    /** `POST /api/newsletter/unsubscribe` with the token of the mailing's link. */
    unsubscribe: (token: string) => call<{ data?: { email?: string; status?: string } } & ErrorBody>('POST', '/api/newsletter/unsubscribe', { token }),
  };
}

export type FormsApi = ReturnType<typeof createFormsApi>;
