// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createFormsApi } from '../../../src/api/forms.js';
import { mountForm } from '../../../src/islands/forms/index.js';
import { CONTACT, fakeServer, testCaptcha, themeForm } from './helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it('takes over a form whose inputs carry an inline style someone else added (a screenshot tool, an extension)', () => {
  const element = themeForm(CONTACT);
  for (const input of Array.from(element.querySelectorAll('input'))) input.setAttribute('style', 'caret-color: transparent !important;');
  act(() => {
    mountForm(
      element,
      { language: 'en-US', captchaProvider: 'test' },
      { api: createFormsApi({ crumb: () => 'c', fetch: fakeServer().fetch }), captcha: testCaptcha().provider },
    );
  });
  const island = document.querySelector('.tessera-form-island form[data-form-id="contact"]')!;
  expect(island).not.toBeNull();
  expect(island.querySelector('input[type="email"]')!.getAttribute('style')).toBeNull();
});
