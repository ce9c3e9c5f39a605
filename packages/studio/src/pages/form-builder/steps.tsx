// The builder's steps after Build (the spec's storage, advanced, captcha and disclaimer), each a few
// fields of the form's definition with the server's errors beside them.
import { LazyRichText } from '../page-editor/lazy-rich-text.js';
import { CheckField, TextField } from '../page-editor/fields.js';
import type { BuilderDefinition } from './calls.js';

export interface StepProps {
  readonly definition: BuilderDefinition;
  /** Errors by their path under `definition.` (`notifyEmail`, `successRedirect`). */
  readonly errors: Readonly<Record<string, string>>;
  readonly newsletter: boolean;
  onChange<K extends keyof BuilderDefinition>(key: K, value: BuilderDefinition[K]): void;
}

export function StorageStep({ definition: d, errors, onChange }: StepProps) {
  return (
    <>
      <p className="muted">Where each submission goes.</p>
      <CheckField
        label="Keep submissions in the studio"
        value={d.storeSubmissions}
        error={errors.storeSubmissions}
        onChange={(v) => onChange('storeSubmissions', v)}
      />
      <CheckField label="Mail each submission" value={d.notifyOwner} error={errors.notifyOwner} onChange={(v) => onChange('notifyOwner', v)} />
      <TextField
        label="Mail to"
        type="email"
        value={d.notifyEmail ?? ''}
        error={errors.notifyEmail}
        hint="Empty: the site's owner address."
        onChange={(v) => onChange('notifyEmail', v === '' ? null : v)}
      />
      <CheckField
        label="Add the first email address to the mailing list"
        value={d.addToMailingList}
        error={errors.addToMailingList}
        onChange={(v) => onChange('addToMailingList', v)}
      />
    </>
  );
}

export function AdvancedStep({ definition: d, errors, newsletter, onChange }: StepProps) {
  return (
    <>
      <TextField
        label="Submit button label"
        value={d.submitLabel}
        error={errors.submitLabel}
        hint={`Empty: ${newsletter ? 'Sign up' : 'Submit'}.`}
        onChange={(v) => onChange('submitLabel', v)}
      />
      <LazyRichText
        label="Message after sending"
        html={d.submissionMessage}
        error={errors.submissionMessage}
        onChange={(v) => onChange('submissionMessage', v)}
      />
      <TextField
        label="After sending, go to"
        value={d.successRedirect}
        error={errors.successRedirect}
        hint="A page of the site (/thanks) or an address; empty to show the message instead."
        onChange={(v) => onChange('successRedirect', v)}
      />
    </>
  );
}

export function CaptchaStep({ definition: d, errors, onChange }: StepProps) {
  return (
    <>
      <CheckField label="Ask for a CAPTCHA before sending" value={d.captcha} error={errors.captcha} onChange={(v) => onChange('captcha', v)} />
      <CheckField
        label="Drop submissions from bots (a field people never see)"
        value={d.honeypot}
        error={errors.honeypot}
        onChange={(v) => onChange('honeypot', v)}
      />
    </>
  );
}

export function DisclaimerStep({ definition: d, errors, newsletter, onChange }: StepProps) {
  return (
    <>
      <p className="muted">
        {newsletter ? 'Shown under the sign-up form.' : 'Shown above the submit button; visitors tick “I agree” before they can send the form. Empty for none.'}
      </p>
      <LazyRichText label="Disclaimer" html={d.disclaimer} error={errors.disclaimer} onChange={(v) => onChange('disclaimer', v)} />
    </>
  );
}
