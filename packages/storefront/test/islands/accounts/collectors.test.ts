// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { SESSION_RECORDING_MOCK_ID } from '@tessera/core/constants';
import {
  RECORDING_EXPIRY_KEY,
  RECORDING_KEY,
  describeTarget,
  record,
  recordingAllowed,
  startSessionRecording,
} from '../../../src/collectors/session-recording.js';
import { OVERRIDES_KEY, applyToDocument, variantOverrides } from '../../../src/collectors/variant-overrides.js';
import { memoryStorage } from './helpers.js';

const ON = { enabled: true, sampleRate: 1 };

describe('the session recorder', () => {
  it('runs only when the toggle is on, the sample says yes and the device has more than 2 cores', () => {
    expect(recordingAllowed(ON, 'v1', 4)).toBe(true);
    expect(recordingAllowed(ON, 'v1', 3)).toBe(true);
    expect(recordingAllowed(ON, 'v1', 2)).toBe(false);
    expect(recordingAllowed(ON, 'v1', undefined)).toBe(false);
    expect(recordingAllowed({ enabled: false, sampleRate: 1 }, 'v1', 8)).toBe(false);
    expect(recordingAllowed({ enabled: true, sampleRate: 0 }, 'v1', 8)).toBe(false);
    expect(recordingAllowed(undefined, 'v1', 8)).toBe(false);
  });

  it('skips on the mock id and starts on a real one', async () => {
    const fetchMock = (data: string) => vi.fn(async () => new Response(JSON.stringify({ data }))) as unknown as typeof fetch;
    expect(await startSessionRecording(ON, { fetch: fetchMock(SESSION_RECORDING_MOCK_ID), cores: 8, visitorId: 'v' })).toBeNull();
    const few = fetchMock('rec-1');
    expect(await startSessionRecording(ON, { fetch: few, cores: 2, visitorId: 'v' })).toBeNull();
    expect(few).not.toHaveBeenCalled();
    const recorder = await startSessionRecording(ON, { fetch: fetchMock('rec-1'), cores: 8, visitorId: 'v' });
    expect(recorder).not.toBeNull();
    recorder!.stop();
  });

  it('keeps a timeline without what was typed, in session storage with an expiry that removes it', () => {
    sessionStorage.clear();
    let now = 1_000;
    document.body.innerHTML = '<button class="button join" type="button">Join <span>now</span></button><input name="card" value="4242">';
    const recorder = record('rec-1', window, () => now);
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.querySelector('input')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(recorder.steps().map(([kind, , detail]) => `${kind}:${detail}`)).toEqual(['page:/', 'click:button.button.join', 'click:input']);
    expect(JSON.stringify(recorder.steps())).not.toContain('4242');
    expect(sessionStorage.getItem(RECORDING_EXPIRY_KEY)).toBe(String(1_000 + 30 * 60_000));
    recorder.stop();
    now = 1_000 + 30 * 60_000 + 1;
    const next = record('rec-1', window, () => now);
    expect(next.steps()).toHaveLength(1); // the expired timeline was removed
    expect(sessionStorage.getItem(RECORDING_KEY)).toContain('page');
    next.stop();
    expect(describeTarget(null)).toBe('');
  });
});

describe('variant overrides', () => {
  it('apply and are stored only on an internal site; reset clears one', () => {
    const storage = memoryStorage();
    expect(variantOverrides('live', '?checkout_variant=b', storage)).toEqual({});
    expect(storage.getItem(OVERRIDES_KEY)).toBeNull();
    expect(variantOverrides('internal', '?checkout_variant=b&hero_variant=tall&other=1', storage, 1)).toEqual({ checkout: 'b', hero: 'tall' });
    expect(variantOverrides('internal', '', storage, 2)).toEqual({ checkout: 'b', hero: 'tall' });
    expect(variantOverrides('internal', '?checkout_variant=reset', storage, 3)).toEqual({ hero: 'tall' });
    expect(variantOverrides('internal', '?hero_variant=reset', storage, 4)).toEqual({});
    expect(storage.getItem(OVERRIDES_KEY)).toBeNull();
    // Stored overrides expire.
    variantOverrides('internal', '?a_variant=1', storage, 5);
    expect(variantOverrides('internal', '', storage, 5 + 7 * 86_400_000 + 1)).toEqual({});
  });

  it("mark the document for the page's scripts and styles", () => {
    const seen = vi.fn();
    document.addEventListener('tessera:variants', (e) => seen((e as CustomEvent).detail));
    applyToDocument({ checkout: 'b' });
    expect(document.documentElement.getAttribute('data-variant-checkout')).toBe('b');
    expect(seen).toHaveBeenCalledWith({ checkout: 'b' });
  });
});
