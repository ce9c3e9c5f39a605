import fp from 'fastify-plugin';
import { sessionRecordingPlugin } from './plugin.js';

/** The session recording id for the collectors. */
export default fp(
  async (app) => {
    await app.register(sessionRecordingPlugin);
  },
  { name: 'session-recording', dependencies: ['site'] },
);
