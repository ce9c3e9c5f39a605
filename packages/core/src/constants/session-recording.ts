/**
 * Full-session recording (platform.md section 6): it runs only if the feature toggle is on, the
 * experiment sample says yes and the device has more than 2 CPU cores. `GET
 * /api/commerce/fullstory/getId` answers the recording id, or SESSION_RECORDING_MOCK_ID, which
 * means skip (storefront.md section 7).
 */
export const SESSION_RECORDING_MOCK_ID = 'mock-session-recording-id';
export const SESSION_RECORDING_MIN_CORES_EXCLUSIVE = 2;

export interface SessionRecordingInput {
  /** The feature toggle. */
  readonly toggleOn: boolean;
  /** The experiment sample's answer for this visitor. */
  readonly sampled: boolean;
  /** navigator.hardwareConcurrency; undefined when the browser does not tell. */
  readonly hardwareConcurrency: number | undefined;
}

/** Whether the recorder may start on this page. A device that does not tell its cores is not recorded. */
export function shouldRecordSession(input: SessionRecordingInput): boolean {
  const cores = input.hardwareConcurrency;
  return input.toggleOn && input.sampled && typeof cores === 'number' && cores > SESSION_RECORDING_MIN_CORES_EXCLUSIVE;
}

/** The id the getId call answered means "record": anything but the mock id (or nothing). */
export function isRecordingId(id: unknown): id is string {
  return typeof id === 'string' && id !== '' && id !== SESSION_RECORDING_MOCK_ID;
}

/**
 * The experiment sample: a visitor is in it when their stable id falls under the sample rate
 * (0 to 1). The same visitor always gets the same answer (FNV-1a of the id).
 */
export function inSessionRecordingSample(visitorId: string, rate: number): boolean {
  if (!(rate > 0)) return false;
  if (rate >= 1) return true;
  let hash = 0x811c9dc5;
  for (let i = 0; i < visitorId.length; i++) {
    hash ^= visitorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0x1_0000_0000 < rate;
}
