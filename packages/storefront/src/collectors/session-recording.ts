// Entry: Tessera's own session recorder (platform.md section 6: full-session recording runs only
// if the feature toggle is on, the experiment sample says yes and the device has more than 2 CPU
// cores; storefront.md section 7: `GET /api/commerce/fullstory/getId`, a mock id means skip). No
// third-party script: the recorder keeps a coarse timeline of the visit (which elements were
// clicked, how far the page was scrolled, when it was hidden; never what was typed) in session
// storage, with an expiry (removed once expired), and sends it with the legacy tracker when the
// page is hidden. Loaded by the bootstrap only where the site turns the toggle on.
import { ANALYTICS_STORAGE_KEYS, inSessionRecordingSample, isRecordingId, shouldRecordSession } from '@tessera/core/constants';
import { readExpiring, writeExpiring } from './expiring-storage.js';
import { readAnalyticsId } from './session.js';
import { readCookie } from './cookies.js';
import { trackLegacyEvent } from './trackers.js';

export const RECORDING_KEY = 'tessera.sessionRecording';
export const RECORDING_EXPIRY_KEY = 'tessera.sessionRecording.expires';
/** A recorded visit ends after half an hour without a page: the timeline is then removed. */
const RECORDING_LIFETIME_MS = 30 * 60_000;
const MAX_STEPS = 200;

export interface RecordingSettings {
  readonly enabled: boolean;
  readonly sampleRate: number;
}

type Step = [kind: 'page' | 'click' | 'scroll' | 'hidden', at: number, detail: string];

/** Whether this visitor on this device is recorded (the rule of @tessera/core), before asking the server. */
export function recordingAllowed(settings: RecordingSettings | undefined, visitorId: string, cores: number | undefined): boolean {
  return shouldRecordSession({
    toggleOn: settings?.enabled === true,
    sampled: inSessionRecordingSample(visitorId, settings?.sampleRate ?? 0),
    hardwareConcurrency: cores,
  });
}

/** A clicked element, described without its text or values: its tag, role and classes. */
export function describeTarget(target: EventTarget | null): string {
  const el = target instanceof Element ? (target.closest('a,button,input,select,textarea,summary,[role]') ?? target) : null;
  if (!el) return '';
  const role = el.getAttribute('role');
  const cls = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).slice(0, 2).join('.');
  return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${cls ? `.${cls}` : ''}`.slice(0, 80);
}

export interface Recorder {
  readonly steps: () => Step[];
  stop(): void;
}

/** Records the visit's steps into session storage (with its expiry), and sends them when the page is hidden. */
export function record(recordingId: string, win: Window = window, now: () => number = Date.now): Recorder {
  const storage = win.sessionStorage;
  const load = (): Step[] => {
    try {
      const raw = readExpiring(storage, RECORDING_KEY, RECORDING_EXPIRY_KEY, now());
      return raw ? (JSON.parse(raw) as Step[]) : [];
    } catch {
      return [];
    }
  };
  let steps = load();
  let deepest = 0;
  const save = () => {
    try {
      writeExpiring(storage, RECORDING_KEY, JSON.stringify(steps.slice(-MAX_STEPS)), RECORDING_EXPIRY_KEY, now() + RECORDING_LIFETIME_MS);
    } catch {
      // storage full or blocked: the timeline lives in memory for this page
    }
  };
  const push = (step: Step) => {
    steps.push(step);
    if (steps.length > MAX_STEPS) steps = steps.slice(-MAX_STEPS);
    save();
  };
  push(['page', now(), win.location.pathname]);
  const onClick = (e: Event) => push(['click', now(), describeTarget(e.target)]);
  const onScroll = () => {
    const doc = win.document.documentElement;
    const depth = Math.round(((win.scrollY + win.innerHeight) / Math.max(doc.scrollHeight, 1)) * 100);
    if (depth >= deepest + 25) push(['scroll', now(), String((deepest = depth))]);
  };
  const onHide = () => {
    if (win.document.visibilityState !== 'hidden') return;
    push(['hidden', now(), '']);
    void trackLegacyEvent('session_recording', { recordingId, steps: steps.length }, { recordingId, steps }).catch(() => {});
  };
  win.document.addEventListener('click', onClick, { capture: true, passive: true });
  win.addEventListener('scroll', onScroll, { passive: true });
  win.document.addEventListener('visibilitychange', onHide);
  return {
    steps: () => steps.slice(),
    stop() {
      win.document.removeEventListener('click', onClick, { capture: true });
      win.removeEventListener('scroll', onScroll);
      win.document.removeEventListener('visibilitychange', onHide);
    },
  };
}

/**
 * Starts the recorder when the rule allows it and the server answers a real recording id; answers
 * the recorder, or null (skipped). Failures are silent: recording never breaks a page.
 */
export async function startSessionRecording(
  settings: RecordingSettings | undefined,
  deps: { fetch?: typeof fetch; cores?: number; visitorId?: string } = {},
): Promise<Recorder | null> {
  const visitorId = deps.visitorId ?? readAnalyticsId() ?? readCookie(ANALYTICS_STORAGE_KEYS.sessionId) ?? '';
  const cores = deps.cores ?? (typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : undefined);
  if (!recordingAllowed(settings, visitorId, cores)) return null;
  try {
    const res = await (deps.fetch ?? fetch)('/api/commerce/fullstory/getId', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    const body = (await res.json()) as { data?: unknown };
    return isRecordingId(body.data) ? record(body.data) : null;
  } catch {
    return null;
  }
}
