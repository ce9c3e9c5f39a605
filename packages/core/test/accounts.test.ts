import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  SESSION_RECORDING_MOCK_ID,
  SITE_LANGUAGES,
  applyVariantOverrides,
  inSessionRecordingSample,
  isRecordingId,
  loginEmailError,
  newPasswordError,
  normalizeLanguage,
  shouldRecordSession,
  siteLanguage,
  stringsForLanguage,
  variantOverridesAllowed,
  DEFAULT_STRINGS,
} from '../src/index.js';
import { FR_FR_STRINGS } from '../src/strings/fr-FR.js';

describe('login messages', () => {
  it("are the spec's two email messages", () => {
    expect(loginEmailError('')).toBe('Please enter a valid email');
    expect(loginEmailError('   ')).toBe('Please enter a valid email');
    expect(loginEmailError(undefined)).toBe('Please enter a valid email');
    expect(loginEmailError('ada@')).toBe('Emails must be formatted as email@example.com');
    expect(loginEmailError('ada@example')).toBe('Emails must be formatted as email@example.com');
    expect(loginEmailError(' ada@example.com ')).toBeNull();
  });

  it('check new passwords', () => {
    expect(newPasswordError('')).toBe(ACCOUNT_MESSAGES.enterPassword);
    expect(newPasswordError('1234567')).toBe('Passwords must have at least 8 characters');
    expect(newPasswordError('12345678')).toBeNull();
    expect(newPasswordError('x'.repeat(1025))).toBe(ACCOUNT_MESSAGES.passwordTooLong);
  });
});

describe('site languages', () => {
  it('match tags without regard to case and know their names', () => {
    expect(normalizeLanguage('fr-fr')).toBe('fr-FR');
    expect(normalizeLanguage(' EN-us ')).toBe('en-US');
    expect(normalizeLanguage('xx-YY')).toBeNull();
    expect(normalizeLanguage(42)).toBeNull();
    expect(siteLanguage('fr-FR')).toMatchObject({ name: 'French (France)', nativeName: 'Français' });
    expect(new Set(SITE_LANGUAGES.map((l) => l.code)).size).toBe(SITE_LANGUAGES.length);
    for (const l of SITE_LANGUAGES) expect(() => new Intl.NumberFormat(l.code)).not.toThrow();
  });

  it('give French strings to French, of any region, and English to languages without a table', () => {
    expect(stringsForLanguage('fr-FR').productAddToCartText).toBe('Ajouter au panier');
    expect(stringsForLanguage('fr-CA').productAddToCartText).toBe('Ajouter au panier');
    expect(stringsForLanguage('de-DE').productAddToCartText).toBe(DEFAULT_STRINGS.productAddToCartText);
    expect(stringsForLanguage('fr-FR', { productAddToCartText: 'Acheter' }).productAddToCartText).toBe('Acheter');
  });

  it('translate every French string with the same placeholders as the English one', () => {
    for (const [key, text] of Object.entries(FR_FR_STRINGS)) {
      const english = DEFAULT_STRINGS[key as keyof typeof DEFAULT_STRINGS];
      const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(text!), key).toEqual(placeholders(english));
    }
  });
});

describe('session recording', () => {
  it('runs only when the toggle is on, the sample says yes and the device has more than 2 cores', () => {
    const yes = { toggleOn: true, sampled: true, hardwareConcurrency: 4 };
    expect(shouldRecordSession(yes)).toBe(true);
    expect(shouldRecordSession({ ...yes, hardwareConcurrency: 3 })).toBe(true);
    expect(shouldRecordSession({ ...yes, hardwareConcurrency: 2 })).toBe(false);
    expect(shouldRecordSession({ ...yes, hardwareConcurrency: 1 })).toBe(false);
    expect(shouldRecordSession({ ...yes, hardwareConcurrency: undefined })).toBe(false);
    expect(shouldRecordSession({ ...yes, toggleOn: false })).toBe(false);
    expect(shouldRecordSession({ ...yes, sampled: false })).toBe(false);
  });

  it('treats the mock id as skip', () => {
    expect(isRecordingId(SESSION_RECORDING_MOCK_ID)).toBe(false);
    expect(isRecordingId('')).toBe(false);
    expect(isRecordingId(null)).toBe(false);
    expect(isRecordingId('rec-1')).toBe(true);
  });

  it('samples visitors stably, close to the rate', () => {
    expect(inSessionRecordingSample('v', 0)).toBe(false);
    expect(inSessionRecordingSample('v', 1)).toBe(true);
    const ids = Array.from({ length: 4000 }, (_, i) => `visitor-${i}`);
    const share = ids.filter((id) => inSessionRecordingSample(id, 0.25)).length / ids.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.3);
    expect(ids.map((id) => inSessionRecordingSample(id, 0.25))).toEqual(ids.map((id) => inSessionRecordingSample(id, 0.25)));
  });
});

describe('variant overrides', () => {
  it('are permitted only by the internal site status', () => {
    expect(variantOverridesAllowed('internal')).toBe(true);
    expect(variantOverridesAllowed('live')).toBe(false);
    expect(variantOverridesAllowed(undefined)).toBe(false);
    expect(applyVariantOverrides({ a: '1' }, [['b_variant', '2']], 'live')).toEqual({ overrides: {}, changed: false });
  });

  it('set from name_variant, reset by the value reset, ignoring malformed names and values', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(applyVariantOverrides({}, q('hero_variant=b&x=1'), 'internal')).toEqual({ overrides: { hero: 'b' }, changed: true });
    expect(applyVariantOverrides({ hero: 'b' }, q('hero_variant=b'), 'internal')).toEqual({ overrides: { hero: 'b' }, changed: false });
    expect(applyVariantOverrides({ hero: 'b', cta: 'x' }, q('hero_variant=reset'), 'internal')).toEqual({ overrides: { cta: 'x' }, changed: true });
    expect(applyVariantOverrides({}, q('_variant=b&bad%20name_variant=c&ok_variant=%3Cscript%3E'), 'internal')).toEqual({ overrides: {}, changed: false });
  });
});
