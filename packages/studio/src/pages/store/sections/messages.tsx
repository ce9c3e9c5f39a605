import type { Messages } from '../draft.js';
import { CheckField, TextArea, TextField } from '../fields.js';
import type { SectionProps } from './props.js';

type Flag = { [K in keyof Messages]: Messages[K] extends boolean ? K : never }[keyof Messages];

/** What the store says to shoppers: restock notices, scarcity, product reviews. */
export function MessagesSection({ draft, errors, edit }: SectionProps) {
  const m = draft.messages;
  const at = (key: keyof Messages) => `store.merchandising.${key}`;
  const set = (key: keyof Messages) => (value: string | boolean) => edit({ ...draft, messages: { ...m, [key]: value } }, at(key));
  const flag = (key: Flag, label: string, hint?: string) => (
    <CheckField path={at(key)} label={label} hint={hint} checked={m[key]} onChange={set(key)} error={errors[at(key)]} />
  );
  return (
    <section className="card store-section" aria-labelledby="store-messages">
      <h2 id="store-messages">Messages</h2>
      <fieldset className="row-card">
        <legend>Restock notifications</legend>
        <div className="checks">
          {flag('restockNotificationsEnabled', 'Sold-out variants offer a restock notification')}
          {flag('restockNotificationsMailingListSignUpEnabled', 'The form offers to join the mailing list')}
          {flag('restockNotificationsCaptchaEnabled', 'The form asks for the captcha')}
          {flag('restockAutoSend', 'Mail the waiting visitors as soon as a variant is back in stock')}
        </div>
        <TextArea
          path={at('restockNotificationsSuccessText')}
          label="Text after signing up"
          value={m.restockNotificationsSuccessText}
          onChange={set('restockNotificationsSuccessText')}
          error={errors[at('restockNotificationsSuccessText')]}
          hint="Empty: “Signed up!”"
          maxLength={500}
        />
      </fieldset>
      <fieldset className="row-card">
        <legend>Scarcity</legend>
        {flag('scarcityEnabled', 'Say when few are left')}
        <div className="field-grid">
          <TextField
            path={at('scarcityText')}
            className="field-wide"
            label="Text"
            value={m.scarcityText}
            onChange={set('scarcityText')}
            error={errors[at('scarcityText')]}
            hint="{quantity} is replaced by the number left."
            maxLength={200}
          />
          <TextField
            path={at('scarcityThreshold')}
            label="From this many left"
            inputMode="numeric"
            value={m.scarcityThreshold}
            onChange={set('scarcityThreshold')}
            error={errors[at('scarcityThreshold')]}
          />
        </div>
      </fieldset>
      <fieldset className="row-card">
        <legend>Product reviews</legend>
        {flag('reviewsEnabled', 'Shoppers may review the products they bought')}
        <div className="field-grid">
          <TextField
            path={at('reviewRequestDelayHours')}
            label="Ask for a review after"
            suffix="hours"
            inputMode="numeric"
            value={m.reviewRequestDelayHours}
            onChange={set('reviewRequestDelayHours')}
            error={errors[at('reviewRequestDelayHours')]}
            hint="Counted from the order. Empty: a week (168 hours)."
          />
        </div>
      </fieldset>
    </section>
  );
}
