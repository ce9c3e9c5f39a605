import type { FastifyInstance } from 'fastify';
import { listUnreadMedia, readDuration } from '../../media/duration.js';

/** How often one process looks for video and audio files whose duration was never read. */
const EVERY_MS = 60_000;
/** Files read in one run: a run holds its lease for a bounded while. */
const BATCH = 20;

/**
 * The `media-durations` job: reads the duration of video and audio rows stored before durations
 * were read (or whose upload's reading was cut short), a batch per run in one process at a time.
 * A file whose length cannot be found is marked and not tried again.
 */
export function scheduleDurations(app: FastifyInstance): void {
  const { store, clock } = app.deps;
  app.jobs.every('media-durations', EVERY_MS, async () => {
    const waiting = await listUnreadMedia(store, BATCH);
    for (const asset of waiting) {
      const result = await readDuration(store, asset.id, clock);
      if (!result.ok) app.log.warn({ asset: asset.id, code: result.code, reason: result.reason }, 'media: no duration read');
    }
    return waiting.length;
  });
}
