import fp from 'fastify-plugin';
import { processImage, RASTER_FORMATS, type ProcessResult } from '../../media/index.js';
import { listUnprocessedImages } from '../../storage/assets.js';

/** How often a serving process looks for images still waiting for their variants. */
const VARIANTS_EVERY_MS = 60_000;
/** Images processed in one run: a run holds its lease for a bounded while. */
const BATCH = 20;

interface MediaService {
  /**
   * Makes an image asset's variants, colorData and placeholder (once; safe to repeat): what an upload
   * calls once its file is stored. A typed result, never an exception for a bad image.
   */
  processImage(assetId: string): Promise<ProcessResult>;
  /** Looks for images still waiting for their variants now rather than at the next run. */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The image service (modules/media): `app.media.processImage(assetId)`. */
    media: MediaService;
  }
}

/**
 * The image service in a serving process: `app.media`, and the `media-variants` job that makes the
 * variants of image assets that have none yet (rows moved by migration 0015, a file stored whose
 * processing was cut off), a batch per run in one process at a time. An image that cannot be read is
 * marked with its reason and not tried again; it is served as it is.
 */
export default fp(
  async (app) => {
    const { store, clock } = app.deps;
    const job = app.jobs.every('media-variants', VARIANTS_EVERY_MS, async () => {
      const waiting = await listUnprocessedImages(store.db, Object.keys(RASTER_FORMATS), BATCH);
      for (const asset of waiting) {
        const result = await processImage(store, asset.id, clock);
        if (!result.ok) app.log.warn({ asset: asset.id, code: result.code, reason: result.reason }, 'media: an image got no variants');
      }
      return waiting.length;
    });
    app.decorate('media', {
      processImage: (assetId: string) => processImage(store, assetId, clock),
      kick: () => {
        job.runNow();
      },
    } satisfies MediaService);
  },
  { name: 'media', dependencies: [] },
);
