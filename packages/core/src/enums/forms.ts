import { defineEnum, type EnumValue } from './define.js';

/** Form block field types (platform.md section 3; storefront.md section 3 "Form field kinds"). */
export const FormFieldType = defineEnum({
  TEXT: 'text',
  TEXTAREA: 'textarea',
  EMAIL: 'email',
  CURRENCY: 'currency',
  NUMBER: 'number',
  WEBSITE: 'website',
  PASSWORD: 'password',
  TWITTER: 'twitter',
  DATE: 'date',
  TIME: 'time',
  NAME: 'name',
  ADDRESS: 'address',
  PHONE: 'phone',
  SECTION: 'section',
  RADIO: 'radio',
  CHECKBOX: 'checkbox',
  SELECT: 'select',
  LIKERT: 'likert',
  HIDDEN: 'hidden',
});
export type FormFieldType = EnumValue<typeof FormFieldType>;

/** Properties every form field may carry. */
export const FORM_FIELD_COMMON_PROPERTIES = Object.freeze(['description', 'placeholder', 'required'] as const);

/**
 * The extra properties of each field type. textarea's maxLength is honoured only when its
 * feature flag is on (platform.md section 3); the flag's name is the caller's business.
 */
export const FORM_FIELD_EXTRA_PROPERTIES: Readonly<Record<FormFieldType, readonly string[]>> = Object.freeze({
  text: [],
  textarea: ['maxLength'],
  email: [],
  currency: ['currencySymbol'],
  number: [],
  website: [],
  password: [],
  twitter: [],
  date: [],
  time: [],
  name: [],
  address: [],
  phone: ['showCountryCode'],
  section: ['underline'],
  radio: ['options'],
  checkbox: ['options'],
  select: ['options'],
  likert: ['options'],
  hidden: ['key', 'value'],
});

/** Form builder steps, in the builder's order. */
export const FormBuilderStep = defineEnum({
  BUILD: 'build',
  STORAGE: 'storage',
  ADVANCED: 'advanced',
  CAPTCHA: 'captcha',
  DISCLAIMER: 'disclaimer',
});
export type FormBuilderStep = EnumValue<typeof FormBuilderStep>;
