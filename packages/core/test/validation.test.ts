import { describe, expect, it } from 'vitest';
import {
  EDITOR_VALIDATION_MESSAGES,
  EMAIL_FORMAT_EXAMPLE,
  FORM_MESSAGES,
  LOGIN_MESSAGES,
  RESTOCK_MESSAGES,
  emailNotValidMessage,
  emailsMustBeFormattedMessage,
  fillMessage,
  formFieldValue,
  formSubmissionValues,
  isValidEmail,
  parseMaxLength,
  requiredFieldErrors,
  restockSuccessText,
  siteFormErrorMessage,
  textareaCounter,
  validateFormField,
  validateFormFields,
  validateRestockSignup,
  validateTextarea,
  type FormFieldDefinition,
} from '../src/validation/index.js';

describe('email rule', () => {
  it('accepts well-formed addresses', () => {
    for (const ok of ['a@b.co', 'jane.doe@example.com', "o'neil+tag@mail.example.org", 'x_y-z@sub-domain.example.info', 'A1@B2.C3D4']) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
  });

  it('rejects malformed addresses and lengths outside 3..256', () => {
    for (const bad of [
      '',
      'ab',
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a@b.c',
      'a@b.abcde',
      'a@-b.com',
      'a@b-.com',
      'a b@c.com',
      'a@b..com',
      'a@@b.com',
      'a@b.co.',
      'a@b_c.com',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(`${'a'.repeat(250)}@b.com`).toHaveLength(256);
    expect(isValidEmail(`${'a'.repeat(250)}@b.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(251)}@b.com`)).toBe(false);
    expect(isValidEmail(42)).toBe(false);
  });
});

describe('messages', () => {
  it('are the spec texts', () => {
    expect(emailNotValidMessage()).toBe(`Email is not valid. Email addresses should follow the format ${EMAIL_FORMAT_EXAMPLE}.`);
    expect(emailNotValidMessage('you@site.org')).toBe('Email is not valid. Email addresses should follow the format you@site.org.');
    expect(FORM_MESSAGES.characterLimit).toBe('You have exceeded the character limit.');
    expect(FORM_MESSAGES.fieldsInvalid).toBe('One or more fields is invalid, please check your entries.');
    expect(FORM_MESSAGES.captchaRequired).toBe('Complete CAPTCHA before submitting.');
    expect(FORM_MESSAGES.required).toBe('Required');
    expect(FORM_MESSAGES.submitting).toBe('Submitting\u2026');
    expect(FORM_MESSAGES.problemAbove).toBe('Your form has encountered a problem. Please scroll down to review.');
    expect(FORM_MESSAGES.problemBelow).toBe('Your form has encountered a problem. Please scroll up to review.');
    expect(RESTOCK_MESSAGES).toEqual({
      emailBlank: 'Email cannot be blank',
      emailInvalid: 'Email is invalid',
      captchaRequired: 'Complete CAPTCHA before submitting.',
      signedUp: 'Signed up!',
    });
    expect(LOGIN_MESSAGES.enterValidEmail).toBe('Please enter a valid email');
    expect(emailsMustBeFormattedMessage('a@b.co')).toBe('Emails must be formatted as a@b.co');
  });

  it('map a submission failure status to its message', () => {
    expect(siteFormErrorMessage(401)).toBe('Unable to submit form. Please try again later.');
    expect(siteFormErrorMessage(404)).toBe('This form has not been configured yet.');
    expect(siteFormErrorMessage(429, 'slow down')).toBe('Unable to submit form. Submission rate limit exceeded. Please try again later.');
    expect(siteFormErrorMessage(500)).toBe('Unable to send form. Please try again later.');
    expect(siteFormErrorMessage(503, 'Down for maintenance')).toBe('Down for maintenance');
    expect(siteFormErrorMessage(418)).toBe('Unknown error, please try again later.');
    expect(siteFormErrorMessage(400, '  ')).toBe('Unknown error, please try again later.');
  });

  it('fill placeholders, leaving unknown ones', () => {
    expect(fillMessage(EDITOR_VALIDATION_MESSAGES.notExpectedOption, { val: 'Purple' })).toBe('Purple is not one of the expected options');
    expect(fillMessage(EDITOR_VALIDATION_MESSAGES.linksMustBeFormatted, { host: 'example.com' })).toBe('Links must be formatted as example.com or example.com');
    expect(fillMessage('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
});

describe('textarea', () => {
  it('counts n / max and marks the error when over', () => {
    expect(textareaCounter('hello', 10)).toEqual({ text: '5 / 10', over: false });
    expect(textareaCounter('hello', '5')).toEqual({ text: '5 / 5', over: false });
    expect(textareaCounter('hello!', 5)).toEqual({ text: '6 / 5', over: true });
    expect(textareaCounter('\u{1F600}', 1)).toEqual({ text: '1 / 1', over: false });
  });

  it('has no counter when max-length is missing or not a number', () => {
    for (const bad of [undefined, null, '', 'abc', '10px', -1, 1.5, NaN]) expect(textareaCounter('x', bad)).toBeNull();
    expect(parseMaxLength(' 20 ')).toBe(20);
  });

  it('validates against the limit, empty allowed unless required', () => {
    expect(validateTextarea('abc', { maxLength: 2 })).toBe('You have exceeded the character limit.');
    expect(validateTextarea('ab', { maxLength: 2 })).toBeNull();
    expect(validateTextarea('', { maxLength: 2 })).toBeNull();
    expect(validateTextarea(' ', { required: true })).toBe('Required');
    expect(validateTextarea('x'.repeat(10000), { maxLength: 'none' })).toBeNull();
  });
});

describe('restock and login', () => {
  it('validate a restock signup in order', () => {
    expect(validateRestockSignup({ siteVisitorEmail: '  ' })).toBe('Email cannot be blank');
    expect(validateRestockSignup({})).toBe('Email cannot be blank');
    expect(validateRestockSignup({ siteVisitorEmail: 'nope' }, { captchaRequired: true })).toBe('Email is invalid');
    expect(validateRestockSignup({ siteVisitorEmail: 'a@b.co' }, { captchaRequired: true })).toBe('Complete CAPTCHA before submitting.');
    expect(validateRestockSignup({ siteVisitorEmail: 'a@b.co', captchaToken: 't' }, { captchaRequired: true })).toBeNull();
    expect(validateRestockSignup({ siteVisitorEmail: 'a@b.co' })).toBeNull();
  });

  it('uses the custom success text when configured', () => {
    expect(restockSuccessText('')).toBe('Signed up!');
    expect(restockSuccessText(undefined)).toBe('Signed up!');
    expect(restockSuccessText('We will write!')).toBe('We will write!');
  });
});

const choices = (values: string[], checked: string[]) => values.map((value) => ({ value, checked: checked.includes(value) }));

describe('form field value shapes', () => {
  const f = (type: string, extra: Partial<FormFieldDefinition> = {}): FormFieldDefinition => ({ id: `${type}-1`, type, ...extra });

  it('lists address, date, name and time parts', () => {
    for (const type of ['address', 'date', 'name', 'time']) {
      expect(formFieldValue(f(type), { values: ['a', 'b', 'c'] })).toEqual(['a', 'b', 'c']);
    }
  });

  it('puts a leading empty string before a 3-part phone', () => {
    expect(formFieldValue(f('phone'), { values: ['646', '123', '0000'] })).toEqual(['', '646', '123', '0000']);
    expect(formFieldValue(f('phone', { showCountryCode: true }), { values: ['+1', '646', '123', '0000'] })).toEqual(['+1', '646', '123', '0000']);
  });

  it('reads checked choices', () => {
    expect(formFieldValue(f('checkbox'), { choices: choices(['A', 'B', 'C'], ['A', 'C']) })).toEqual(['A', 'C']);
    expect(formFieldValue(f('checkbox'), { choices: choices(['A'], []) })).toEqual([]);
    expect(formFieldValue(f('radio'), { choices: choices(['A', 'B', 'C'], ['B', 'C']) })).toBe('B');
    expect(formFieldValue(f('radio'), { choices: choices(['A'], []) })).toBe('');
    expect(formFieldValue(f('select'), { choices: choices(['A', 'B'], ['B']) })).toBe('B');
    expect(formFieldValue(f('select'), { values: ['A'] })).toBe('A');
  });

  it('reads a hidden field from the same-named query parameter, else its default', () => {
    const hidden = f('hidden', { key: 'utm_source', value: 'direct' });
    expect(formFieldValue(hidden, {}, { query: { utm_source: 'newsletter' } })).toBe('newsletter');
    expect(formFieldValue(hidden, {}, { query: new URLSearchParams('utm_source=ads') })).toBe('ads');
    expect(formFieldValue(hidden, {}, { query: { other: 'x' } })).toBe('direct');
    expect(formFieldValue(f('hidden', { defaultValue: 'd' }), {})).toBe('d');
    expect(formFieldValue({ id: 'ref', type: 'hidden' }, {}, { query: { ref: 'r1' } })).toBe('r1');
  });

  it('maps likert questions to checked answers and skips sections', () => {
    expect(formFieldValue(f('likert'), { likert: { 'Stuff is good': choices(['-2', '-1', '0', '1', '2'], ['1']), Other: choices(['0'], []) } })).toEqual({
      'Stuff is good': ['1'],
      Other: [],
    });
    expect(formFieldValue(f('section'), { values: ['x'] })).toBeUndefined();
  });

  it('reads the single value of plain fields', () => {
    for (const type of ['text', 'textarea', 'email', 'currency', 'number', 'website', 'password', 'twitter']) {
      expect(formFieldValue(f(type), { values: ['v'] })).toBe('v');
      expect(formFieldValue(f(type), {})).toBe('');
    }
  });

  it('builds the form object keyed by field id, without sections', () => {
    const fields: FormFieldDefinition[] = [
      { id: 'n', type: 'name' },
      { id: 's', type: 'section' },
      { id: 'e', type: 'email' },
    ];
    expect(formSubmissionValues(fields, { n: { values: ['Jo', 'Doe'] }, s: {}, e: { values: ['jo@doe.io'] } })).toEqual({
      n: ['Jo', 'Doe'],
      e: 'jo@doe.io',
    });
  });
});

describe('server-side field validation', () => {
  const fields: FormFieldDefinition[] = [
    { id: 'name', type: 'name', required: true },
    { id: 'email', type: 'email', required: true },
    { id: 'message', type: 'textarea', maxLength: 5 },
    { id: 'intro', type: 'section', required: true },
    { id: 'color', type: 'radio', options: ['Red', 'Blue'], required: true },
    { id: 'extras', type: 'checkbox', options: ['Wrap', 'Card'] },
    { id: 'size', type: 'select', options: ['S', 'M'] },
    { id: 'views', type: 'likert', options: ['Stuff is good'], required: true },
    { id: 'ref', type: 'hidden', required: true },
    { id: 'age', type: 'number' },
    { id: 'budget', type: 'currency' },
    { id: 'site', type: 'website' },
    { id: 'when', type: 'date' },
    { id: 'at', type: 'time' },
    { id: 'phone', type: 'phone' },
  ];

  it('accepts a valid submission', () => {
    expect(
      validateFormFields(fields, {
        name: ['Jo', 'Doe'],
        email: 'jo@doe.io',
        message: 'hi',
        color: 'Red',
        extras: ['Card'],
        size: 'M',
        views: { 'Stuff is good': ['2'] },
        age: '42',
        budget: '1,250.50',
        site: 'example.com',
        when: ['11', '23', '2010'],
        at: ['9', '15', '31', 'am'],
        phone: ['', '646', '123', '0000'],
      }),
    ).toEqual({});
  });

  it('maps each bad field to its message', () => {
    expect(
      validateFormFields(fields, {
        name: ['', ''],
        email: 'jo@',
        message: 'too long',
        color: 'Green',
        extras: ['Card', 'Bow'],
        size: 7,
        views: { Nope: ['1'] },
        age: '4two',
        budget: '12.5.0',
        site: 'not a site',
        when: ['2', '30', '2024'],
        at: ['13', '00', '', 'pm'],
        phone: ['', 'abc', '', ''],
      }),
    ).toEqual({
      name: 'Required',
      email: 'Email is not valid. Email addresses should follow the format email@example.com.',
      message: 'You have exceeded the character limit.',
      color: 'Green is not one of the expected options',
      extras: 'Bow is not one of the expected options',
      size: 'Could not parse the form fields, please check your entries.',
      views: 'Nope is not one of the expected options',
      age: 'Please enter a valid number.',
      budget: 'Please enter a valid amount.',
      site: 'Please enter a valid website address.',
      when: 'Please enter a valid date.',
      at: 'Please enter a valid time.',
      phone: 'Please enter a valid phone number.',
    });
  });

  it('never requires sections, likert or hidden fields, and ignores unknown ids', () => {
    const errors = validateFormFields(fields, { name: ['Jo'], email: 'jo@doe.io', color: 'Blue', stray: 'x' });
    expect(errors).toEqual({});
    expect(validateFormField({ id: 'x', type: 'email', required: false }, '')).toBeNull();
    expect(validateFormField({ id: 'x', type: 'text', required: true }, '   ')).toBe('Required');
    expect(validateFormField({ id: 'x', type: 'checkbox', required: true }, [])).toBe('Required');
    expect(validateFormField({ id: 'x', type: 'text' }, { not: 'a string' })).toBe('Could not parse the form fields, please check your entries.');
  });

  it("reads the theme's three-part time (hour, minute, AM/PM), blank when only AM/PM is set", () => {
    const at = { id: 'at', type: 'time' } as const;
    expect(validateFormField(at, ['9', '05', 'AM'])).toBeNull();
    expect(validateFormField(at, ['12', '30', 'PM'])).toBeNull();
    expect(validateFormField(at, ['13', '00', 'PM'])).toBe('Please enter a valid time.');
    expect(validateFormField(at, ['0', '00', 'AM'])).toBe('Please enter a valid time.');
    expect(validateFormField(at, ['', '', 'AM'])).toBeNull();
    expect(validateFormField({ ...at, required: true }, ['', '', 'AM'])).toBe('Required');
    expect(validateFormField(at, ['23', '59'])).toBeNull();
  });

  it('holds every text field to its own maxLength, and to a default cap when the caller gives one', () => {
    const text = { id: 'engraving', type: 'text', maxLength: 12 } as const;
    expect(validateFormField(text, 'x'.repeat(12))).toBeNull();
    expect(validateFormField(text, 'x'.repeat(13))).toBe('You have exceeded the character limit.');
    // Characters as a visitor counts them: an emoji is one.
    expect(validateFormField(text, '\u{1F600}'.repeat(12))).toBeNull();
    const plain = { id: 'note', type: 'text' } as const;
    expect(validateFormField(plain, 'x'.repeat(5000))).toBeNull();
    const capped = { defaultMaxLength: 100 };
    expect(validateFormField(plain, 'x'.repeat(100), capped)).toBeNull();
    expect(validateFormField(plain, 'x'.repeat(101), capped)).toBe('You have exceeded the character limit.');
    expect(validateFormField({ id: 'm', type: 'textarea', maxLength: 500 }, 'x'.repeat(400), capped)).toBeNull();
    expect(validateFormField({ id: 'h', type: 'hidden' }, 'x'.repeat(101), capped)).toBe('You have exceeded the character limit.');
    expect(validateFormField({ id: 'a', type: 'address' }, ['1 Main St', 'x'.repeat(101)], capped)).toBe('You have exceeded the character limit.');
    expect(validateFormField({ id: 'c', type: 'checkbox' }, ['x'.repeat(101)], capped)).toBe('You have exceeded the character limit.');
    expect(validateFormField({ id: 'l', type: 'likert' }, { ['x'.repeat(101)]: ['1'] }, capped)).toBe('You have exceeded the character limit.');
    expect(validateFormField({ id: 's', type: 'select', options: ['S', 'M'] }, 'L', capped)).toBe('L is not one of the expected options');
  });

  it('rejects values of unknown ids (sections carry none) when asked, even a __proto__ key', () => {
    const reject = { unknownFields: 'reject' } as const;
    const values = JSON.parse('{"name":["Jo"],"email":"jo@doe.io","color":"Blue","stray":"x","intro":"y","__proto__":"z"}') as Record<string, unknown>;
    expect(validateFormFields(fields, values)).toEqual({});
    const errors = validateFormFields(fields, values, reject);
    expect(Object.keys(errors).sort()).toEqual(['__proto__', 'intro', 'stray']);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(errors.stray).toBe('This field is not part of the form.');
    // biome-ignore lint/suspicious/noProto: the own property named __proto__ is what the test is about
    // biome-ignore lint/complexity/useLiteralKeys: errors.__proto__ would read the prototype
    expect(errors['__proto__']).toBe('This field is not part of the form.');
    expect(validateFormFields([], {}, reject)).toEqual({});
  });

  it('checks only required fields for cart forms', () => {
    expect(requiredFieldErrors(fields, { email: 'x', color: '', views: {} })).toEqual({ name: 'Required', color: 'Required' });
  });
});
