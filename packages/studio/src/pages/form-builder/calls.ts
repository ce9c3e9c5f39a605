// The form builder's calls (docs/owner-api.md "Form builder"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

/** One field: id, type, title and its type's properties (description, placeholder, required, options, ...). */
export type BuilderField = { id: string; type: string; title: string } & Record<string, unknown>;

/** A form's whole builder state: one group per step of the spec's builder. */
export interface BuilderDefinition {
  fields: BuilderField[];
  storeSubmissions: boolean;
  notifyOwner: boolean;
  notifyEmail: string | null;
  addToMailingList: boolean;
  submitLabel: string;
  submissionMessage: string;
  successRedirect: string;
  captcha: boolean;
  honeypot: boolean;
  disclaimer: string;
}

export interface BuilderForm {
  formKey: string;
  name: string;
  revision: number;
  newsletter: boolean;
  definition: BuilderDefinition;
}

const base = (formKey: string) => `/api/owner/forms/${encodeURIComponent(formKey)}`;

export const builderCalls = (api: Api) => ({
  read: (formKey: string) => api<BuilderForm>('GET', `${base(formKey)}/definition`),
  save: (formKey: string, body: { revision: number; name: string; definition: BuilderDefinition }) =>
    api<BuilderForm>('PUT', `${base(formKey)}/definition`, body),
  remove: (formKey: string, force: boolean) => api<undefined>('DELETE', `${base(formKey)}${force ? '?force=1' : ''}`),
  create: (name: string, from?: string) => api<BuilderForm>('POST', '/api/owner/forms', from ? { name, from } : { name }),
});
