import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_RECORDING_MOCK_ID } from '@tessera/core';
import { isObject } from '../../site-dir/checker.js';
import type { SiteSnapshot } from '../site/index.js';

/**
 * The session recording id (storefront.md and platform.md section 7): `GET
 * /api/commerce/fullstory/getId` answers `{ data: id }`. Unless the site configures recording
 * (site.json `settings.sessionRecording` = `{ "enabled": true, "id": "...", "sampleRate": 0.1 }`) the id is
 * the mock id, which tells the storefront to skip recording. Tessera's recorder is its own
 * (packages/storefront/src/collectors/session-recording.ts); no third-party script is loaded.
 */
function sessionRecordingId(s: SiteSnapshot): string {
  const raw = s.settings.sessionRecording;
  if (!isObject(raw) || raw.enabled !== true) return SESSION_RECORDING_MOCK_ID;
  return typeof raw.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(raw.id) ? raw.id : s.website.id;
}

export const sessionRecordingPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/api/commerce/fullstory/getId', async (request, reply) => {
      const s = request.site;
      return reply.header('cache-control', 'no-store').send({ data: sessionRecordingId(s) });
    });
  },
  { name: 'tessera-session-recording' },
);
